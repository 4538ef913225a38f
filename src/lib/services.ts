import { clientConfig } from './client-config.ts';
import { createApiClient } from './api-client.ts';
import { TokenSession } from './token-session.ts';

let reauthenticateHandler: () => Promise<boolean> = () => Promise.resolve(false);

/** Installs what asks the analyst to sign in again (the re-login dialog); false by default. */
export function setReauthenticate(handler: () => Promise<boolean>): void {
  reauthenticateHandler = handler;
}

/** The tab's token session. */
export const session: TokenSession = new TokenSession((refreshToken) =>
  client.refresh(refreshToken),
);

/** The one API client of the app, bound to the session. */
export const client = createApiClient({
  baseUrl: clientConfig.VITE_SERVICE_BASE_URL ?? '',
  session,
  reauthenticate: () => reauthenticateHandler(),
});
