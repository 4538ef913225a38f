/**
 * Counts failed logins per account in a sliding window, so a password cannot be guessed by
 * brute force. Unknown user names are counted like known ones, so the answer reveals nothing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private sweepAbove = 10_000;

  constructor(
    private readonly now: () => number,
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private recent(username: string): number[] {
    const key = username.toLowerCase();
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  retryAfterSeconds(username: string): number {
    const recent = this.recent(username);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  recordFailure(username: string): void {
    this.failures.set(username.toLowerCase(), [...this.recent(username), this.now()]);
    if (this.failures.size > this.sweepAbove) this.sweep();
  }

  /** Drops accounts with no failure in the window, so sprayed user names cannot grow memory. */
  private sweep(): void {
    const since = this.now() - this.windowMs;
    for (const [key, times] of this.failures) {
      if ((times.at(-1) ?? 0) <= since) this.failures.delete(key);
    }
    this.sweepAbove = Math.max(10_000, this.failures.size * 2);
  }

  recordSuccess(username: string): void {
    this.failures.delete(username.toLowerCase());
  }
}
