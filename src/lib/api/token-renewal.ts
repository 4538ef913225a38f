import type { TokenSession } from '../session/token-session.ts';

interface RenewalOptions {
  readonly session: TokenSession;
  /** Asks the analyst to sign in again; resolves true once they have, false if they gave up. */
  readonly reauthenticate: () => Promise<boolean>;
}

/**
 * How a request gets a fresh token after a 401: a refresh if the session can, else the analyst
 * signs in again, asked once however many requests are waiting for it.
 */
export function createTokenRenewal(options: RenewalOptions) {
  let reauthenticating: Promise<boolean> | undefined;

  function reauthenticateOnce(): Promise<boolean> {
    reauthenticating ??= options.reauthenticate().finally(() => {
      reauthenticating = undefined;
    });
    return reauthenticating;
  }

  /** A fresh token after a 401: a refresh if the session can, else the analyst signs in again. */
  return async function renewAfterUnauthorized(): Promise<string | undefined> {
    const session = options.session;
    // Signed out meanwhile: nobody to ask.
    if (!session.current) return undefined;
    const refreshed = await session.refreshOnce();
    if (refreshed) return refreshed.accessToken;
    return (await reauthenticateOnce()) ? session.validAccessToken() : undefined;
  };
}
