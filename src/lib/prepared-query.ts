/**
 * A prepared query travels to its module's workspace in the URL fragment (`#query=<JSON>`):
 * the fragment never reaches a server, the link can be opened in a new tab, and it holds the
 * query body only — never a credential.
 */
const PREFIX = 'query=';

/** What a workspace's fragment holds. */
export type PreparedQuery =
  | { readonly kind: 'none' }
  | { readonly kind: 'query'; readonly body: unknown }
  | { readonly kind: 'damaged'; readonly message: string };

/** The fragment (without '#') that carries `body`. */
export function preparedQueryHash(body: unknown): string {
  return PREFIX + encodeURIComponent(JSON.stringify(body));
}

/** Reads a fragment (with or without '#'); a damaged one is reported, never thrown. */
export function readPreparedQuery(hash: string): PreparedQuery {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith(PREFIX)) return { kind: 'none' };
  try {
    return { kind: 'query', body: JSON.parse(decodeURIComponent(fragment.slice(PREFIX.length))) };
  } catch {
    return {
      kind: 'damaged',
      message: 'The query in this link is damaged (cut short or edited), so nothing was run.',
    };
  }
}
