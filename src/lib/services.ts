import { clientConfig } from './client-config.ts';
import { createApiClient } from './api-client.ts';
import { TokenSession } from './token-session.ts';

/** The tab's token session. */
export const session: TokenSession = new TokenSession((refreshToken) =>
  client.refresh(refreshToken),
);

/** The one API client of the app, bound to the session. */
export const client = createApiClient({
  baseUrl: clientConfig.VITE_SERVICE_BASE_URL ?? '',
  session,
  // Without a re-login dialog yet, a request whose session cannot be renewed fails with its 401.
  reauthenticate: () => Promise.resolve(false),
});
