/**
 * Turns at the database, fair across logins: a login runs at most `perLogin` queries at once and
 * an account at most `perAccount` (so no account, however many times it signs in, holds every
 * connection), and a freed connection goes to the next login in turn, not to whoever queued most.
 * A login past its bound waits its turn: the views send a few queries at once, and a short queue
 * answers them without the browser retrying. Past `waitingPerLogin` waiting, it is refused at
 * once (`TooManyQueries`, 429 with Retry-After): a client that floods only queues for itself.
 */
import { DatabaseBusy } from './db/database.ts';

/** Who asks: the login session (one sign-in) and the account it belongs to. */
export interface QueryAsker {
  readonly login: string;
  readonly account: string;
}

export interface TurnLimits {
  /** Queries running at once in all: the database's connections. */
  readonly slots: number;
  readonly perLogin: number;
  readonly perAccount: number;
  /** Queries of one login that may wait for a turn; more are refused (`TooManyQueries`). */
  readonly waitingPerLogin: number;
  /** Queries of all logins that may wait; more are refused (`DatabaseBusy`, the service's). */
  readonly waitingInAll: number;
}

/** The limits for `slots` connections: a login half of them, an account all but one. */
export function turnLimits(
  slots: number,
  waiting: { readonly perLogin?: number; readonly inAll?: number } = {},
): TurnLimits {
  return {
    slots,
    perLogin: Math.max(1, Math.floor(slots / 2)),
    perAccount: Math.max(1, slots - 1),
    waitingPerLogin: waiting.perLogin ?? 16,
    waitingInAll: waiting.inAll ?? 100,
  };
}

/** Raised when a login already has as many queries waiting as it may. */
export class TooManyQueries extends Error {
  constructor(readonly waiting: number) {
    super(`this sign-in already has ${String(waiting)} queries waiting for their turn`);
  }
}

interface Waiter {
  readonly asker: QueryAsker;
  readonly start: () => void;
}

export class QueryTurns {
  private running = 0;
  private readonly runningByLogin = new Map<string, number>();
  private readonly runningByAccount = new Map<string, number>();
  /** Each login's waiting queries, the logins in the order their turns come round. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(private readonly limits: TurnLimits) {}

  /** Runs `work` when it is `asker`'s turn; refuses it when too many of theirs already wait. */
  async run<T>(asker: QueryAsker, work: () => Promise<T>): Promise<T> {
    const queue = this.waiting.get(asker.login);
    if (queue === undefined && this.mayStart(asker)) {
      this.take(asker);
    } else {
      if ((queue?.length ?? 0) >= this.limits.waitingPerLogin) {
        throw new TooManyQueries(queue?.length ?? 0);
      }
      // A flood from many logins must not queue without end either.
      if (this.queued >= this.limits.waitingInAll) throw new DatabaseBusy(this.limits.waitingInAll);
      await new Promise<void>((start) => {
        const waiter = { asker, start };
        if (queue) queue.push(waiter);
        else this.waiting.set(asker.login, [waiter]);
      });
    }
    try {
      return await work();
    } finally {
      this.release(asker);
      this.startNext();
    }
  }

  /** Queries waiting for a turn, all logins together. */
  get queued(): number {
    let total = 0;
    for (const queue of this.waiting.values()) total += queue.length;
    return total;
  }

  private mayStart(asker: QueryAsker): boolean {
    return (
      this.running < this.limits.slots &&
      (this.runningByLogin.get(asker.login) ?? 0) < this.limits.perLogin &&
      (this.runningByAccount.get(asker.account) ?? 0) < this.limits.perAccount
    );
  }

  private take(asker: QueryAsker): void {
    this.running += 1;
    this.runningByLogin.set(asker.login, (this.runningByLogin.get(asker.login) ?? 0) + 1);
    this.runningByAccount.set(asker.account, (this.runningByAccount.get(asker.account) ?? 0) + 1);
  }

  private release(asker: QueryAsker): void {
    this.running -= 1;
    decrement(this.runningByLogin, asker.login);
    decrement(this.runningByAccount, asker.account);
  }

  /**
   * Starts waiting queries while connections are free: each time, of the logins whose bounds
   * allow one more, the one running fewest (a login with nothing running before one already
   * served), ties to the login that waited longest since its last turn.
   */
  private startNext(): void {
    while (this.running < this.limits.slots) {
      let chosen: [string, Waiter[]] | undefined;
      for (const entry of this.waiting) {
        const [next] = entry[1];
        if (next === undefined || !this.mayStart(next.asker)) continue;
        if (chosen === undefined || this.runningOf(entry[0]) < this.runningOf(chosen[0])) {
          chosen = entry;
        }
      }
      if (chosen === undefined) return;
      const [login, queue] = chosen;
      const next = queue.shift();
      if (next === undefined) return;
      // Deleted and set again (when more wait): the login goes to the back of the round.
      this.waiting.delete(login);
      if (queue.length > 0) this.waiting.set(login, queue);
      this.take(next.asker);
      next.start();
    }
  }

  private runningOf(login: string): number {
    return this.runningByLogin.get(login) ?? 0;
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
