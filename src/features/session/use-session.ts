import { useSyncExternalStore } from 'react';
import { client, moduleAccess, session } from '../../lib/api/services.ts';
import type { SessionTokens } from '../../lib/session/token-session.ts';

function subscribe(listener: () => void): () => void {
  return session.subscribe(listener);
}

/** A page rendered ahead of time (the login page, at build time) is for a signed-out visitor. */
const signedOut = () => undefined;

/** The signed-in session (undefined when signed out), and the actions on it. */
export function useSession(): {
  readonly tokens: SessionTokens | undefined;
  readonly signIn: (username: string, password: string) => Promise<void>;
  readonly signOut: () => void;
} {
  const tokens = useSyncExternalStore(subscribe, () => session.current, signedOut);
  return { tokens, signIn, signOut };
}

async function signIn(username: string, password: string): Promise<void> {
  const answer = await client.login(username, password);
  // Another analyst may have another subscription: forget what the last one was refused.
  if (session.current?.username !== username) moduleAccess.clear();
  session.signIn(answer, username);
}

function signOut(): void {
  const tokens = session.current;
  // The tab forgets everything first (tokens, refusals; the app clears the query cache on the
  // session change), so a slow or failing network never keeps a signed-out tab signed in.
  session.signOut();
  moduleAccess.clear();
  if (!tokens) return;
  // Then the service revokes the tokens, so a copy of them stops working too. Nothing to do if
  // that fails: they still lapse on their own, and the analyst is already signed out here.
  client.logout(tokens.accessToken, tokens.refreshToken).catch(() => undefined);
}
