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
  /** Failures one address may make, over all user names, in a sliding window (unknown browsers). */
  addressBudget: 20,
  addressWindowMs: 15 * 60_000,
  /**
   * Failures one account may take from browsers that never signed in to it, over all addresses,
   * in a sliding window: a guesser with many addresses gets this many guesses, not one per
   * address. A browser that signed in before (a device cookie) is held to its own failures only.
   */
  accountCeiling: 50,
  accountWindowMs: 15 * 60_000,
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

/** Failures in a sliding window: of one address, or of one account from unknown browsers. */
interface WindowState {
  /** Failure times inside the window, oldest first. */
  failures: number[];
  pending: number;
}

/** A table of windows and its rule. */
interface Windows {
  readonly states: Map<string, WindowState>;
  readonly budget: number;
  readonly windowMs: number;
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
 * Throttles password sign-ins. From a browser that signed in to the account before (`device`,
 * a device cookie's id: device-cookies.ts), only that browser's own failures count: what others
 * do from its address or at its account never locks it out. From any other browser, per account
 * *and* client address, plus a failure budget per address and a ceiling per account over all
 * addresses. An attacker's failures slow that attacker and unknown browsers only. Attempts in
 * flight count as failures until they report, so parallel guesses cannot slip past the check
 * while the (slow, asynchronous) password check runs.
 */
export class LoginThrottle {
  private readonly rules: Rules;
  /** Exponential delays: per account and address, or per known device. */
  private readonly pairs = new Map<string, PairState>();
  private readonly addresses: Windows;
  private readonly accounts: Windows;

  constructor(
    private readonly now: () => number,
    rules: Partial<Rules> = {},
  ) {
    this.rules = { ...THROTTLE_RULES, ...rules };
    const { addressBudget, addressWindowMs, accountCeiling, accountWindowMs } = this.rules;
    this.addresses = { states: new Map(), budget: addressBudget, windowMs: addressWindowMs };
    this.accounts = { states: new Map(), budget: accountCeiling, windowMs: accountWindowMs };
  }

  /** Entries held, for tests of the memory bound. */
  size(): number {
    return this.pairs.size + this.addresses.states.size + this.accounts.states.size;
  }

  /**
   * Seconds to wait before an attempt for `username` from `address` (from the known browser
   * `device`, when given); 0 when allowed now.
   */
  retryAfterSeconds(username: string, address: string | undefined, device?: string): number {
    const { key, windows } = this.counters(username, address, device);
    const waitMs = Math.max(
      this.pairWaitMs(this.pairState(key)),
      ...windows.map(([table, id]) => this.windowWaitMs(table, this.windowState(table, id))),
    );
    return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
  }

  /** Reserves a slot for one attempt, or says how long to wait. */
  begin(username: string, address: string | undefined, device?: string): Admission {
    const retryAfterSeconds = this.retryAfterSeconds(username, address, device);
    if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
    const { key, windows } = this.counters(username, address, device);
    const pair = this.pairState(key) ?? { failures: 0, lastFailureAt: 0, pending: 0 };
    const held = windows.map(([table, id]) => {
      const state = this.windowState(table, id) ?? { failures: [], pending: 0 };
      return { table, id, state };
    });
    const seenFailures = pair.failures;
    pair.pending += 1;
    touch(this.pairs, key, pair);
    for (const { table, id, state } of held) {
      state.pending += 1;
      touch(table.states, id, state);
    }
    let reported = false;
    const report = (failed: boolean) => {
      if (reported) return;
      reported = true;
      pair.pending -= 1;
      for (const { state } of held) state.pending -= 1;
      if (failed) {
        const now = this.now();
        pair.failures += 1;
        pair.lastFailureAt = now;
        touch(this.pairs, key, pair);
        for (const { table, id, state } of held) {
          state.failures.push(now);
          touch(table.states, id, state);
        }
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

  /**
   * What an attempt counts against: the known device's own delay; or, from an unknown browser,
   * the delay of the account at this address, the address's budget and the account's ceiling.
   */
  private counters(username: string, address: string | undefined, device: string | undefined) {
    if (device !== undefined) {
      return { key: `device\n${device}`, windows: [] as [Windows, string][] };
    }
    const client = clientKey(address);
    return {
      key: pairKey(username, client),
      windows: [
        [this.addresses, client],
        [this.accounts, username.toLowerCase()],
      ] as [Windows, string][],
    };
  }

  private windowWaitMs(table: Windows, state: WindowState | undefined): number {
    if (!state) return 0;
    const { budget, windowMs } = table;
    if (state.failures.length + state.pending < budget) return 0;
    const oldest = state.failures[state.failures.length - budget];
    return oldest === undefined ? 1 : Math.max(1, oldest + windowMs - this.now());
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

  /** A window's state, its failures older than the window dropped, forgotten once empty. */
  private windowState(table: Windows, id: string): WindowState | undefined {
    const state = table.states.get(id);
    if (!state) return undefined;
    const since = this.now() - table.windowMs;
    while ((state.failures[0] ?? Infinity) <= since) state.failures.shift();
    if (state.failures.length > 0 || state.pending > 0) return state;
    table.states.delete(id);
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
    const { maxEntries, freeFailures } = this.rules;
    prune(this.pairs, maxEntries, [
      (pair) => this.pairIsStale(pair),
      (pair) => pair.pending === 0 && pair.failures < freeFailures,
      (pair) => pair.pending === 0,
    ]);
    for (const table of [this.addresses, this.accounts]) {
      const since = this.now() - table.windowMs;
      prune(table.states, maxEntries, [
        (state) => state.pending === 0 && (state.failures.at(-1) ?? 0) <= since,
        (state) => state.pending === 0 && state.failures.length < freeFailures,
        (state) => state.pending === 0,
      ]);
    }
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
