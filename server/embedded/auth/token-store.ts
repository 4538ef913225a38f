import { createHash, randomBytes } from 'node:crypto';
import type { TokenResponse } from '#contract/auth';

interface AccessGrant {
  readonly username: string;
  readonly family: string;
  readonly expiresAt: number;
}

interface RefreshGrant {
  readonly username: string;
  readonly family: string;
  /** The refresh deadline of the original login: rotation never extends it. */
  readonly deadline: number;
  used: boolean;
}

/** Why a refresh was refused. */
export type RefreshRefusal = 'unknown' | 'expired' | 'reused';

/**
 * Issues and checks tokens. Only SHA-256 digests of tokens are kept, so a memory dump does not
 * reveal usable tokens. Refresh tokens rotate; presenting a used one revokes its whole family,
 * because it means the token was copied.
 */
export class TokenStore {
  private readonly access = new Map<string, AccessGrant>();
  private readonly refresh = new Map<string, RefreshGrant>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlSeconds: number,
  ) {}

  /** Issues a fresh access and refresh token after a password login. */
  issue(username: string): TokenResponse {
    const family = randomBytes(16).toString('hex');
    return this.grant(username, family, this.now() + this.refreshTtlSeconds * 1000);
  }

  /** The user an access token belongs to, or undefined when it is unknown or expired. */
  authenticate(accessToken: string): string | undefined {
    const grant = this.access.get(digest(accessToken));
    return grant && grant.expiresAt > this.now() ? grant.username : undefined;
  }

  /** Rotates a refresh token into a new pair, or says why it cannot. */
  rotate(refreshToken: string): TokenResponse | RefreshRefusal {
    const key = digest(refreshToken);
    const grant = this.refresh.get(key);
    if (!grant) return 'unknown';
    if (grant.used) {
      this.revokeFamily(grant.family);
      return 'reused';
    }
    if (grant.deadline <= this.now()) {
      this.refresh.delete(key);
      return 'expired';
    }
    grant.used = true;
    return this.grant(grant.username, grant.family, grant.deadline);
  }

  private grant(username: string, family: string, deadline: number): TokenResponse {
    this.sweep();
    const accessToken = randomBytes(32).toString('base64url');
    const refreshToken = randomBytes(32).toString('base64url');
    const now = this.now();
    this.access.set(digest(accessToken), {
      username,
      family,
      expiresAt: now + this.accessTtlSeconds * 1000,
    });
    this.refresh.set(digest(refreshToken), { username, family, deadline, used: false });
    return {
      access_token: accessToken,
      expires_in: this.accessTtlSeconds,
      refresh_token: refreshToken,
      refresh_expires_in: Math.max(0, Math.floor((deadline - now) / 1000)),
      fuse_client_id_seq: null,
    };
  }

  private revokeFamily(family: string): void {
    for (const [key, grant] of this.access) if (grant.family === family) this.access.delete(key);
    for (const [key, grant] of this.refresh) if (grant.family === family) this.refresh.delete(key);
  }

  /** Drops expired grants at most once a minute, keeping memory bounded by live sessions. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, grant] of this.access) if (grant.expiresAt <= now) this.access.delete(key);
    for (const [key, grant] of this.refresh) if (grant.deadline <= now) this.refresh.delete(key);
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
