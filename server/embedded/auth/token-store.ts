import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { TokenResponse } from '#contract/auth';

interface AccessGrant {
  readonly username: string;
  readonly family: string;
  readonly expiresAt: number;
}

/** What a used refresh token was rotated into, kept to answer a resent refresh the same way. */
interface Rotation {
  readonly at: number;
  /** The digest of the refresh token it was rotated into. */
  readonly successor: string;
  /** The answer, sealed with a key only the old refresh token yields; dropped after the window. */
  sealed: Buffer | undefined;
}

interface RefreshGrant {
  readonly username: string;
  readonly family: string;
  /** The refresh deadline of the original login: rotation never extends it. */
  readonly deadline: number;
  rotation: Rotation | undefined;
}

/**
 * How long a used refresh token still returns the pair it was rotated into. Long enough for a
 * client resending after a lost answer and for a duplicated tab (which copies sessionStorage)
 * whose refresh timer a browser may hold back for up to a minute in the background; short,
 * because within it a copied refresh token is not detected.
 */
const REFRESH_GRACE_SECONDS = 60;

/** Who an access token speaks for: the user, and the login its tokens descend from. */
export interface AccessSession {
  readonly username: string;
  readonly login: string;
}

/** Why a refresh was refused. */
export type RefreshRefusal = 'unknown' | 'expired' | 'reused';

/**
 * Issues and checks tokens. Only SHA-256 digests of tokens are kept, so a memory dump does not
 * reveal usable tokens. Refresh tokens rotate; presenting a used one revokes its whole family,
 * because it means the token was copied, except within the grace window while the pair it was
 * rotated into is unused: then it is a resend, and gets that same pair again.
 */
export class TokenStore {
  private readonly access = new Map<string, AccessGrant>();
  private readonly refresh = new Map<string, RefreshGrant>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number,
    private readonly accessTtlSeconds: number,
    private readonly refreshTtlSeconds: number,
    private readonly graceSeconds = REFRESH_GRACE_SECONDS,
  ) {}

  /** Issues a fresh access and refresh token after a password login. */
  issue(username: string): TokenResponse {
    const family = randomBytes(16).toString('hex');
    return this.grant(username, family, this.now() + this.refreshTtlSeconds * 1000);
  }

  /**
   * The user an access token belongs to and the login (sign-in) it came from, the same across
   * refreshes; undefined when the token is unknown or expired.
   */
  authenticate(accessToken: string): AccessSession | undefined {
    const grant = this.access.get(digest(accessToken));
    return grant && grant.expiresAt > this.now()
      ? { username: grant.username, login: grant.family }
      : undefined;
  }

  /** Rotates a refresh token into a new pair, or says why it cannot. */
  rotate(refreshToken: string): TokenResponse | RefreshRefusal {
    const key = digest(refreshToken);
    const grant = this.refresh.get(key);
    if (!grant) return 'unknown';
    if (grant.rotation) return this.resend(refreshToken, grant, grant.rotation);
    if (grant.deadline <= this.now()) {
      this.refresh.delete(key);
      return 'expired';
    }
    const pair = this.grant(grant.username, grant.family, grant.deadline);
    grant.rotation = {
      at: this.now(),
      successor: digest(pair.refresh_token ?? ''),
      sealed: seal(refreshToken, pair),
    };
    return pair;
  }

  /** A used refresh token again: the same pair within the window, else a copy to revoke. */
  private resend(
    refreshToken: string,
    grant: RefreshGrant,
    rotation: Rotation,
  ): TokenResponse | RefreshRefusal {
    const elapsedMs = this.now() - rotation.at;
    const successor = this.refresh.get(rotation.successor);
    // A successor already used means the client moved on: this is no lost answer but a copy.
    if (
      elapsedMs > this.graceSeconds * 1000 ||
      !rotation.sealed ||
      successor?.rotation !== undefined
    ) {
      this.revokeFamily(grant.family);
      return 'reused';
    }
    const pair = unseal(refreshToken, rotation.sealed);
    const elapsed = Math.floor(elapsedMs / 1000);
    return {
      ...pair,
      // Never 0: the contract wants a positive lifetime; a lapsed token is refreshed at once.
      expires_in: Math.max(1, pair.expires_in - elapsed),
      ...(pair.refresh_expires_in === undefined
        ? {}
        : { refresh_expires_in: Math.max(0, pair.refresh_expires_in - elapsed) }),
    };
  }

  /**
   * Revokes the caller's login (sign-out). The access token names it; an expired one still does
   * until swept, so signing out after it lapsed still ends the refresh token. A refresh token
   * names the login only when no known access token does: possession of it is the caller's
   * proof then, as for a refresh. Another login's refresh token beside the caller's access token
   * is ignored, as RFC 7009 checks that a revoked token is the caller's own: a stale token from
   * another tab must not end that tab's login. True when a login was found.
   */
  revoke(accessToken: string | undefined, refreshToken: string | undefined): boolean {
    const family =
      (accessToken === undefined ? undefined : this.access.get(digest(accessToken))?.family) ??
      (refreshToken === undefined ? undefined : this.refresh.get(digest(refreshToken))?.family);
    if (family === undefined) return false;
    this.revokeFamily(family);
    return true;
  }

  private grant(username: string, family: string, deadline: number): TokenResponse {
    this.sweep();
    const accessToken = randomBytes(32).toString('base64url');
    const refreshToken = randomBytes(32).toString('base64url');
    const now = this.now();
    // A login ends at its refresh deadline: no access token outlives it, so the end the
    // dashboard counts down to is the end (at least a second, as the contract wants).
    const accessSeconds = Math.max(
      1,
      Math.min(this.accessTtlSeconds, Math.floor((deadline - now) / 1000)),
    );
    this.access.set(digest(accessToken), {
      username,
      family,
      expiresAt: now + accessSeconds * 1000,
    });
    this.refresh.set(digest(refreshToken), { username, family, deadline, rotation: undefined });
    return {
      access_token: accessToken,
      expires_in: accessSeconds,
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
    for (const [key, grant] of this.refresh) {
      if (grant.deadline <= now) this.refresh.delete(key);
      else if (grant.rotation && now - grant.rotation.at > this.graceSeconds * 1000) {
        // Past the window the pair is never sent again: keep only what detects reuse.
        grant.rotation.sealed = undefined;
      }
    }
  }
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The sealing key: derived from the old refresh token, which the store itself never keeps. */
function sealingKey(refreshToken: string): Buffer {
  return createHash('sha256').update('refresh-resend\0').update(refreshToken).digest();
}

function seal(refreshToken: string, pair: TokenResponse): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(refreshToken), iv);
  const text = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), text]);
}

function unseal(refreshToken: string, sealed: Buffer): TokenResponse {
  const decipher = createDecipheriv(
    'aes-256-gcm',
    sealingKey(refreshToken),
    sealed.subarray(0, 12),
  );
  decipher.setAuthTag(sealed.subarray(12, 28));
  const text = Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
  return JSON.parse(text.toString('utf8')) as TokenResponse;
}
