import { isServedModuleId, permissionModule } from '#contract/catalog';

const STORAGE_KEY = 'marketplace.refused-modules';

/**
 * The subscription module a refusal of `module` tells about: a 13F aggregate (what the views
 * across managers read) is granted with 13F holdings, the module the navigation lists.
 */
function subscriptionModule(module: string): string {
  return isServedModuleId(module) ? permissionModule(module) : module;
}

/**
 * The modules the service refused with 403 in this session, so the navigation can mark them
 * unavailable. Mirrored to the tab's `sessionStorage` like the session itself (a reload keeps
 * the marks); forgotten at sign-out, since another analyst may have another subscription.
 */
export class ModuleAccess {
  private unavailable: ReadonlySet<string>;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: Storage | undefined = globalThis.sessionStorage) {
    this.unavailable = new Set(this.restore());
  }

  /** The refused modules; a new set object after every change (for `useSyncExternalStore`). */
  get refused(): ReadonlySet<string> {
    return this.unavailable;
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records a 403 for `module`. */
  markUnavailable(refused: string): void {
    const module = subscriptionModule(refused);
    if (this.unavailable.has(module)) return;
    this.set(new Set([...this.unavailable, module]));
  }

  /** Forgets every refusal (at sign-out). */
  clear(): void {
    if (this.unavailable.size > 0) this.set(new Set());
  }

  private set(next: ReadonlySet<string>): void {
    this.unavailable = next;
    if (next.size > 0) this.storage?.setItem(STORAGE_KEY, JSON.stringify([...next]));
    else this.storage?.removeItem(STORAGE_KEY);
    for (const listener of this.listeners) listener();
  }

  private restore(): string[] {
    try {
      const saved: unknown = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(saved) ? saved.filter((item) => typeof item === 'string') : [];
    } catch {
      return [];
    }
  }
}
