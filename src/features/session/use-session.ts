import { useSyncExternalStore } from 'react';
import { client, session } from '../../lib/services.ts';
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
  session.signIn(await client.login(username, password), username);
}

function signOut(): void {
  session.signOut();
}
