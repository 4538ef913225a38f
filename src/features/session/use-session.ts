import { useSyncExternalStore } from 'react';
import { client, moduleAccess, session } from '../../lib/services.ts';
import type { SessionTokens } from '../../lib/token-session.ts';

function subscribe(listener: () => void): () => void {
  return session.subscribe(listener);
}

/** The signed-in session (undefined when signed out), and the actions on it. */
export function useSession(): {
  readonly tokens: SessionTokens | undefined;
  readonly signIn: (username: string, password: string) => Promise<void>;
  readonly signOut: () => void;
} {
  const tokens = useSyncExternalStore(subscribe, () => session.current);
  return { tokens, signIn, signOut };
}

async function signIn(username: string, password: string): Promise<void> {
  const answer = await client.login(username, password);
  // Another analyst may have another subscription: forget what the last one was refused.
  if (session.current?.username !== username) moduleAccess.clear();
  session.signIn(answer, username);
}

function signOut(): void {
  session.signOut();
  moduleAccess.clear();
}
