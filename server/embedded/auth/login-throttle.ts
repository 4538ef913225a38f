import { isIPv6 } from 'node:net';

/** The numbers of the sign-in throttle; docs/operations.md states them. */
export const THROTTLE_RULES = {
  /** Failures of one account from one address before any wait. */
  freeFailures: 3,
  /** The wait after the first failure past the free ones; it doubles after each further one. */
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  /** An account and address is forgotten this long after its last failure. */
  forgetAfterMs: 60 * 60_000,
  /** Failures one address may make, over all user names, in a sliding window. */
  addressBudget: 20,
  addressWindowMs: 15 * 60_000,
  /** Entries kept per table; beyond it the least telling ones are dropped. */
  maxEntries: 100_000,
};

type Rules = typeof THROTTLE_RULES;

/** One admitted attempt: the caller reports its outcome exactly once. */
interface LoginAttempt {
  succeeded(): void;
  failed(): void;
}

export type Admission =
  | { readonly ok: true; readonly attempt: LoginAttempt }
  | { readonly ok: false; readonly retryAfterSeconds: number };

interface PairState {
  failures: number;
  lastFailureAt: number;
  pending: number;
}

interface AddressState {
  /** Failure times inside the window, oldest first. */
  failures: number[];
  pending: number;
}

/**
 * The key a client is counted under: IPv4-mapped IPv6 reads as IPv4, and IPv6 counts per /64
 * network, because one client commonly holds a whole /64 and could rotate through it.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Throttles password sign-ins per account *and* client address, plus a failure budget per
 * address. An attacker's failures slow that attacker only: the real user signing in from
 * another address is never locked out, which a per-account lock-out cannot offer. Attempts in
 * flight count as failures until they report, so parallel guesses cannot slip past the check
 * while the (slow, asynchronous) password check runs.
 */
export class LoginThrottle {
  private readonly rules: Rules;
  private readonly pairs = new Map<string, PairState>();
  private readonly addresses = new Map<string, AddressState>();

  constructor(
    private readonly now: () => number,
    rules: Partial<Rules> = {},
  ) {
    this.rules = { ...THROTTLE_RULES, ...rules };
  }

  /** Entries held, for tests of the memory bound. */
  size(): number {
    return this.pairs.size + this.addresses.size;
  }

  /** Seconds to wait before an attempt for `username` from `address`; 0 when allowed now. */
  retryAfterSeconds(username: string, address: string | undefined): number {
    const client = clientKey(address);
    const waitMs = Math.max(
      this.addressWaitMs(this.addressState(client)),
      this.pairWaitMs(this.pairState(pairKey(username, client))),
    );
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Reserves a slot for one attempt, or says how long to wait. */
  begin(username: string, address: string | undefined): Admission {
    const retryAfterSeconds = this.retryAfterSeconds(username, address);
    if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
    const client = clientKey(address);
    const key = pairKey(username, client);
    const pair = this.pairState(key) ?? { failures: 0, lastFailureAt: 0, pending: 0 };
    const home = this.addressState(client) ?? { failures: [], pending: 0 };
    const seenFailures = pair.failures;
    pair.pending += 1;
    home.pending += 1;
    touch(this.pairs, key, pair);
    touch(this.addresses, client, home);
    let reported = false;
    const report = (failed: boolean) => {
      if (reported) return;
      reported = true;
      pair.pending -= 1;
      home.pending -= 1;
      if (failed) {
        const now = this.now();
        pair.failures += 1;
        pair.lastFailureAt = now;
        home.failures.push(now);
        touch(this.pairs, key, pair);
        touch(this.addresses, client, home);
        this.bound();
      } else {
        // Only the failures this attempt was admitted after: ones made in parallel still count.
        // The address budget is never refilled, or one valid account would reset it.
        pair.failures = Math.max(0, pair.failures - seenFailures);
        if (pair.failures === 0 && pair.pending === 0) this.pairs.delete(key);
      }
    };
    return {
      ok: true,
      attempt: {
        succeeded: () => {
          report(false);
        },
        failed: () => {
          report(true);
        },
      },
    };
  }

  private pairWaitMs(pair: PairState | undefined): number {
    if (!pair) return 0;
    const { freeFailures, baseDelayMs, maxDelayMs } = this.rules;
    if (pair.failures + pair.pending < freeFailures) return 0;
    // An attempt in flight decides whether the next one must wait: ask to come back shortly.
    if (pair.pending > 0) return 1;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (pair.failures - freeFailures));
    return Math.max(0, pair.lastFailureAt + delay - this.now());
  }

  private addressWaitMs(home: AddressState | undefined): number {
    if (!home) return 0;
    const { addressBudget, addressWindowMs } = this.rules;
    if (home.failures.length + home.pending < addressBudget) return 0;
    const oldest = home.failures[home.failures.length - addressBudget];
    return oldest === undefined ? 1 : Math.max(1, oldest + addressWindowMs - this.now());
  }

  /** The account and address state, forgotten once stale. */
  private pairState(key: string): PairState | undefined {
    const pair = this.pairs.get(key);
    if (pair && this.pairIsStale(pair)) {
      this.pairs.delete(key);
      return undefined;
    }
    return pair;
  }

  private addressState(client: string): AddressState | undefined {
    const home = this.addresses.get(client);
    if (!home) return undefined;
    const since = this.now() - this.rules.addressWindowMs;
    while ((home.failures[0] ?? Infinity) <= since) home.failures.shift();
    if (home.failures.length > 0 || home.pending > 0) return home;
    this.addresses.delete(client);
    return undefined;
  }

  private pairIsStale(pair: PairState): boolean {
    return pair.pending === 0 && pair.lastFailureAt + this.rules.forgetAfterMs <= this.now();
  }

  /**
   * Keeps memory bounded under sprayed names and addresses: past `maxEntries`, drops stale
   * entries, then those with fewer failures than the free ones (they impose no wait), then the
   * least recently failed. An account under attack has many failures and is kept.
   */
  private bound(): void {
    const { maxEntries, freeFailures, addressWindowMs } = this.rules;
    const since = this.now() - addressWindowMs;
    prune(this.pairs, maxEntries, [
      (pair) => this.pairIsStale(pair),
      (pair) => pair.pending === 0 && pair.failures < freeFailures,
      (pair) => pair.pending === 0,
    ]);
    prune(this.addresses, maxEntries, [
      (home) => home.pending === 0 && (home.failures.at(-1) ?? 0) <= since,
      (home) => home.pending === 0 && home.failures.length < freeFailures,
      (home) => home.pending === 0,
    ]);
  }
}

function pairKey(username: string, client: string): string {
  return `${client}\n${username.toLowerCase()}`;
}

/** Moves an entry to the end of the map's order: the most recently failed last. */
function touch<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
}

/** Drops entries, by each test in turn and oldest first, down to 90 % of the limit. */
function prune<T>(map: Map<string, T>, limit: number, tests: ((entry: T) => boolean)[]): void {
  if (map.size <= limit) return;
  // A margin below the limit, so the O(n) pass runs once per many inserts, not on each one.
  const target = Math.floor(limit * 0.9);
  for (const droppable of tests) {
    for (const [key, entry] of map) {
      if (map.size <= target) return;
      if (droppable(entry)) map.delete(key);
    }
  }
}
