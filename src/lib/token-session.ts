import { tokenResponseSchema } from '#contract/auth';
import type { TokenResponse } from '#contract/auth';

/** A signed-in session: the tokens and when they lapse (epoch ms). */
export interface SessionTokens {
  readonly accessToken: string;
  readonly expiresAt: number;
  readonly refreshToken: string | undefined;
  readonly refreshExpiresAt: number | undefined;
  readonly username: string;
}

/** Refresh this long before expiry, so a request in flight never meets an expired token. */
export const REFRESH_MARGIN_MS = 60_000;
const STORAGE_KEY = 'marketplace.session';

/** Turns a token response (already parsed by the contract schema) into session tokens. */
export function sessionFromTokens(
  tokens: TokenResponse,
  username: string,
  now: number,
): SessionTokens {
  return {
    accessToken: tokens.access_token,
    expiresAt: now + tokens.expires_in * 1000,
    refreshToken: tokens.refresh_token,
    refreshExpiresAt:
      tokens.refresh_expires_in === undefined ? undefined : now + tokens.refresh_expires_in * 1000,
    username,
  };
}

/**
 * Holds the session in memory and mirrors it to `sessionStorage`, so a reload in the same tab
 * keeps it while a new tab, `localStorage` and every URL stay free of tokens. Refreshes are
 * single-flight: however many requests find the token expiring, one refresh runs.
 */
export class TokenSession {
  private tokens: SessionTokens | undefined;
  private refreshing: Promise<SessionTokens | undefined> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly refresh: (refreshToken: string) => Promise<TokenResponse>,
    private readonly storage: Storage | undefined = globalThis.sessionStorage,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = this.restore();
  }

  /** The current session, if signed in. */
  get current(): SessionTokens | undefined {
    return this.tokens;
  }

  /** Calls `listener` whenever the session changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts a session from a login answer. */
  signIn(tokens: TokenResponse, username: string): void {
    this.set(sessionFromTokens(tokens, username, this.now()));
  }

  /** Ends the session and forgets every token. */
  signOut(): void {
    this.set(undefined);
  }

  /**
   * An access token good for at least the refresh margin: the current one, or a refreshed one.
   * Undefined when signed out or when the refresh was refused (the caller asks to sign in again).
   */
  async validAccessToken(): Promise<string | undefined> {
    const tokens = this.tokens;
    if (!tokens) return undefined;
    if (tokens.expiresAt - REFRESH_MARGIN_MS > this.now()) return tokens.accessToken;
    return (await this.refreshOnce())?.accessToken;
  }

  /** Refreshes now (e.g. after a 401), joining a refresh already running. */
  refreshOnce(): Promise<SessionTokens | undefined> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<SessionTokens | undefined> {
    const tokens = this.tokens;
    const refreshToken = tokens?.refreshToken;
    const lapsed = tokens?.refreshExpiresAt !== undefined && tokens.refreshExpiresAt <= this.now();
    if (!tokens || refreshToken === undefined || lapsed) return undefined;
    try {
      const answer = tokenResponseSchema.parse(await this.refresh(refreshToken));
      const next = sessionFromTokens(answer, tokens.username, this.now());
      this.set(next);
      return next;
    } catch {
      // The vendor may not support refresh at all: the caller falls back to signing in again.
      return undefined;
    }
  }

  private set(tokens: SessionTokens | undefined): void {
    this.tokens = tokens;
    if (tokens) this.storage?.setItem(STORAGE_KEY, JSON.stringify(tokens));
    else this.storage?.removeItem(STORAGE_KEY);
    for (const listener of this.listeners) listener();
  }

  private restore(): SessionTokens | undefined {
    try {
      const saved = JSON.parse(
        this.storage?.getItem(STORAGE_KEY) ?? 'null',
      ) as SessionTokens | null;
      return saved && typeof saved.accessToken === 'string' ? saved : undefined;
    } catch {
      return undefined;
    }
  }
}
