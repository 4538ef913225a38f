/**
 * The bridge between the API client, which finds out that the analyst must sign in again, and
 * the re-login dialog, which asks them. The client awaits `request()`; the dialog watches
 * `isOpen` and settles the request with `settle()`.
 */
export class ReloginPrompt {
  private pending: { promise: Promise<boolean>; resolve: (signedIn: boolean) => void } | undefined;
  private readonly listeners = new Set<() => void>();

  /** True while a request waits for the analyst. */
  get isOpen(): boolean {
    return this.pending !== undefined;
  }

  /** Calls `listener` when the prompt opens or closes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the prompt (or joins the open one); true once the analyst has signed in again. */
  request(): Promise<boolean> {
    if (!this.pending) {
      let resolve: (signedIn: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((settle) => {
        resolve = settle;
      });
      this.pending = { promise, resolve };
      this.notify();
    }
    return this.pending.promise;
  }

  /** Closes the prompt: `true` after a successful sign-in, `false` when the analyst declined. */
  settle(signedIn: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    pending.resolve(signedIn);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
