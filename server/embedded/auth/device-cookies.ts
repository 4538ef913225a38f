/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account gets a signed cookie naming a device of that account, and later
 * sign-ins from it are throttled by that device's own failures, never by what others did from
 * the same address or at the same account (login-throttle.ts).
 *
 * The cookie holds no user name and no token: a random device id, when it was issued, and an
 * HMAC over those and the account, with a key of this process (a restart makes every browser
 * unknown again, which only means the shared budgets apply until it signs in once more).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { API_PATHS } from '#contract/auth';

/** How long a browser stays known without signing in again. */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export class DeviceCookies {
  constructor(
    private readonly now: () => number,
    private readonly key: Buffer = randomBytes(32),
  ) {}

  /**
   * The cookie's name for an account: one per account a browser signs in to, so an analyst who
   * signs in to two accounts keeps both known. A digest, so the name does not say the account.
   */
  static nameFor(username: string): string {
    const digest = createHash('sha256').update(username.toLowerCase()).digest('hex');
    return `device-${digest.slice(0, 16)}`;
  }

  /**
   * The Set-Cookie value that makes this browser a known device of `username`: sent back only to
   * the sign-in path, never readable by scripts, never sent by another site's request.
   */
  issue(username: string, secure: boolean): string {
    const device = randomBytes(16).toString('base64url');
    const issuedAt = String(Math.floor(this.now() / 1000));
    const value = `${device}.${issuedAt}.${this.sign(username, device, issuedAt)}`;
    return stringifySetCookie({
      name: DeviceCookies.nameFor(username),
      value,
      httpOnly: true,
      sameSite: 'strict',
      path: API_PATHS.token,
      maxAge: MAX_AGE_SECONDS,
      secure,
    });
  }

  /**
   * The device id of this browser's cookie for `username` in a Cookie header: undefined when it
   * has none, or one that is forged, altered, of another account or expired.
   */
  deviceOf(username: string, cookieHeader: string | undefined): string | undefined {
    if (cookieHeader === undefined || cookieHeader === '') return undefined;
    const value = parseCookie(cookieHeader)[DeviceCookies.nameFor(username)];
    const [device, issuedAt, signature, ...rest] = value?.split('.') ?? [];
    if (device === undefined || issuedAt === undefined || signature === undefined) return undefined;
    if (rest.length > 0 || !/^\d{1,12}$/.test(issuedAt)) return undefined;
    const expected = Buffer.from(this.sign(username, device, issuedAt));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const ageSeconds = this.now() / 1000 - Number(issuedAt);
    return ageSeconds <= MAX_AGE_SECONDS ? device : undefined;
  }

  private sign(username: string, device: string, issuedAt: string): string {
    return createHmac('sha256', this.key)
      .update(`${username.toLowerCase()}\n${device}\n${issuedAt}`)
      .digest('base64url');
  }
}
