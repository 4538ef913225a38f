import { tokenResponseSchema } from '#contract/auth';
import type { TokenResponse } from '#contract/auth';

/** A signed-in session: the tokens and when they were issued and lapse (epoch ms). */
export interface SessionTokens {
  readonly accessToken: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly refreshToken: string | undefined;
  readonly refreshExpiresAt: number | undefined;
  readonly username: string;
}

/** The longest lead a refresh takes on expiry, so a request in flight never meets an expired token. */
export const REFRESH_MARGIN_MS = 60_000;
const STORAGE_KEY = 'marketplace.session';

/** How long before expiry to refresh: a minute, or a quarter of a short-lived token's life. */
function refreshMargin(tokens: SessionTokens): number {
  return Math.min(REFRESH_MARGIN_MS, (tokens.expiresAt - tokens.issuedAt) / 4);
}

/** Turns a token response (already parsed by the contract schema) into session tokens. */
function sessionFromTokens(tokens: TokenResponse, username: string, now: number): SessionTokens {
  return {
    accessToken: tokens.access_token,
    issuedAt: now,
    expiresAt: now + tokens.expires_in * 1000,
    refreshToken: tokens.refresh_token,
    refreshExpiresAt:
      tokens.refresh_expires_in === undefined ? undefined : now + tokens.refresh_expires_in * 1000,
    username,
  };
}

function isSessionTokens(value: unknown): value is SessionTokens {
  const saved = value as Partial<SessionTokens> | null;
  return (
    typeof saved?.accessToken === 'string' &&
    typeof saved.username === 'string' &&
    typeof saved.issuedAt === 'number' &&
    typeof saved.expiresAt === 'number'
  );
}

export interface TokenSessionOptions {
  /** Where the session survives a reload: the tab's `sessionStorage`, never `localStorage`. */
  readonly storage?: Storage;
  readonly now?: () => number;
  /** Refresh on a timer shortly before expiry (the app), or only when a request needs it. */
  readonly autoRefresh?: boolean;
}

/**
 * Holds the session in memory and mirrors it to `sessionStorage`, so a reload in the same tab
 * keeps it while a new tab, `localStorage` and every URL stay free of tokens. Refreshes are
 * single-flight: however many requests find the token expiring, one refresh runs.
 */
export class TokenSession {
  private tokens: SessionTokens | undefined;
  private refreshing: Promise<SessionTokens | undefined> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly storage: Storage | undefined;
  private readonly now: () => number;
  private readonly autoRefresh: boolean;

  constructor(
    private readonly refresh: (refreshToken: string) => Promise<TokenResponse>,
    options: TokenSessionOptions = {},
  ) {
    this.storage = options.storage ?? globalThis.sessionStorage;
    this.now = options.now ?? Date.now;
    this.autoRefresh = options.autoRefresh ?? false;
    this.tokens = this.restore();
    this.scheduleRefresh();
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
   * The access token to send: the current one while it is good for the refresh margin, else a
   * refreshed one. When no refresh is possible it is still the current one, and the server's 401
   * decides (its clock is the one that counts). Undefined only when signed out.
   */
  async validAccessToken(): Promise<string | undefined> {
    const tokens = this.tokens;
    if (!tokens) return undefined;
    if (tokens.expiresAt - refreshMargin(tokens) > this.now()) return tokens.accessToken;
    return (await this.refreshOnce())?.accessToken ?? this.tokens?.accessToken;
  }

  /** True when a refresh token exists and has not lapsed. */
  canRefresh(): boolean {
    const tokens = this.tokens;
    if (tokens?.refreshToken === undefined) return false;
    return tokens.refreshExpiresAt === undefined || tokens.refreshExpiresAt > this.now();
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
    if (!tokens || refreshToken === undefined || !this.canRefresh()) return undefined;
    try {
      const answer = tokenResponseSchema.parse(await this.refresh(refreshToken));
      // A sign-out or a new sign-in while the refresh ran wins over its answer.
      if (this.tokens !== tokens) return this.tokens;
      const next = sessionFromTokens(answer, tokens.username, this.now());
      this.set(next);
      return next;
    } catch {
      // The vendor may not support refresh at all: the caller falls back to signing in again.
      return undefined;
    }
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    const tokens = this.tokens;
    if (!this.autoRefresh || !tokens || !this.canRefresh()) return;
    const due = tokens.expiresAt - refreshMargin(tokens) - this.now();
    this.refreshTimer = setTimeout(
      () => {
        void this.refreshOnce();
      },
      Math.max(0, due),
    );
  }

  private set(tokens: SessionTokens | undefined): void {
    this.tokens = tokens;
    if (tokens) this.storage?.setItem(STORAGE_KEY, JSON.stringify(tokens));
    else this.storage?.removeItem(STORAGE_KEY);
    this.scheduleRefresh();
    for (const listener of this.listeners) listener();
  }

  private restore(): SessionTokens | undefined {
    try {
      const saved: unknown = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? 'null');
      return isSessionTokens(saved) ? saved : undefined;
    } catch {
      return undefined;
    }
  }
}
