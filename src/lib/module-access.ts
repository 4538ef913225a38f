/**
 * The modules the service refused with 403 in this session, so the navigation can mark them
 * unavailable. Forgotten at sign-out: another analyst may have another subscription.
 */
export class ModuleAccess {
  private unavailable: ReadonlySet<string> = new Set();
  private readonly listeners = new Set<() => void>();

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
  markUnavailable(module: string): void {
    if (this.unavailable.has(module)) return;
    this.unavailable = new Set([...this.unavailable, module]);
    this.notify();
  }

  /** Forgets every refusal (at sign-out). */
  clear(): void {
    if (this.unavailable.size === 0) return;
    this.unavailable = new Set();
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
