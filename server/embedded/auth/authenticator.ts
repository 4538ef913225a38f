import { ACCESS_TOKEN_HEADER } from '#contract/auth';
import { ApiError } from '../../http.ts';
import type { DeviceCookies } from './device-cookies.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import type { TokenStore } from './token-store.ts';
import type { ServiceUser } from './users.ts';

const WRONG_CREDENTIALS = 'The user name or password is incorrect.';

interface AuthenticatorDeps {
  readonly users: readonly ServiceUser[];
  readonly tokens: TokenStore;
  readonly throttle: LoginThrottle;
  readonly devices: DeviceCookies;
}

/** Where a sign-in comes from: the client's address and the browser's cookies. */
interface SignInOrigin {
  readonly clientAddress: string;
  readonly cookies: string;
  readonly secure: boolean;
}

/**
 * Who is calling the embedded service: a sign-in by password (throttled, and as slow for an
 * unknown user name as for a known one), and the user an access token stands for.
 */
export function createAuthenticator(deps: AuthenticatorDeps) {
  const usersByName = new Map(deps.users.map((user) => [user.username.toLowerCase(), user]));
  // Unknown user names still pay for one scrypt check, so timing does not reveal which exist.
  const decoyHash = deps.users[0]?.passwordHash ?? '';

  /**
   * Signs in by password: the tokens, and the device cookie that makes this browser a known
   * device of the account for later sign-ins (`setCookie`, a Set-Cookie value).
   */
  async function passwordLogin(username: string, password: string, origin: SignInOrigin) {
    const device = deps.devices.deviceOf(username, origin.cookies);
    // The slot is reserved before the slow password check, so parallel guesses are counted.
    const admission = deps.throttle.begin(username, origin.clientAddress, device);
    if (!admission.ok) {
      const seconds = admission.retryAfterSeconds;
      const wait = seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
      throw new ApiError(
        429,
        'too_many_requests',
        `Too many failed sign-in attempts. Try again in ${wait}.`,
        {},
        { 'Retry-After': String(seconds) },
      );
    }
    const user = usersByName.get(username.toLowerCase());
    let valid = false;
    try {
      valid = await verifyPassword(password, user?.passwordHash ?? decoyHash);
    } finally {
      if (user && valid) admission.attempt.succeeded();
      else admission.attempt.failed();
    }
    if (!user || !valid) {
      // The failure that starts a wait says so at once, so the login page counts down from it
      // instead of answering "incorrect" and then "wait" to the next try.
      const wait = deps.throttle.retryAfterSeconds(username, origin.clientAddress, device);
      const headers: Record<string, string> = wait > 0 ? { 'Retry-After': String(wait) } : {};
      throw new ApiError(400, 'invalid_grant', WRONG_CREDENTIALS, {}, headers);
    }
    return {
      tokens: deps.tokens.issue(user.username),
      setCookie: deps.devices.issue(user.username, origin.secure),
    };
  }

  /** The user a token speaks for, and its login (one sign-in, kept across refreshes). */
  function authenticate(token: string | undefined): { user: ServiceUser; login: string } {
    if (!token) {
      throw new ApiError(
        401,
        'invalid_token',
        `Send the access token in the ${ACCESS_TOKEN_HEADER} header.`,
      );
    }
    const session = deps.tokens.authenticate(token);
    const user = session && usersByName.get(session.username.toLowerCase());
    if (!session || !user) {
      throw new ApiError(
        401,
        'invalid_token',
        'The access token is invalid or has expired. Sign in again.',
      );
    }
    return { user, login: session.login };
  }

  return { passwordLogin, authenticate };
}
