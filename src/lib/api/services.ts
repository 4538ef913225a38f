import { createApiClient } from './api-client.ts';
import { ModuleAccess } from '../session/module-access.ts';
import { ReloginPrompt } from '../session/relogin-prompt.ts';
import { TokenSession } from '../session/token-session.ts';

/** The tab's token session, refreshed shortly before expiry. */
export const session: TokenSession = new TokenSession(
  (refreshToken) => client.refresh(refreshToken),
  { autoRefresh: true },
);

/** Asks the analyst to sign in again when the session cannot be renewed. */
export const reloginPrompt = new ReloginPrompt();

/** The modules this session was refused. */
export const moduleAccess = new ModuleAccess();

/** The one API client of the app, bound to the session. */
export const client = createApiClient({
  // Same origin: the server answers the API itself or proxies it (SERVICE_BASE_URL), and the
  // CSP (connect-src 'self') allows no other origin.
  baseUrl: '',
  session,
  reauthenticate: () => reloginPrompt.request(),
  onForbidden: (module) => {
    moduleAccess.markUnavailable(module);
  },
});
