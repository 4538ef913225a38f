/** Only same-app paths: a login link must not send the analyst to another site. */
export function safeRedirect(target: string | null | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : '/';
}

/**
 * Where to go after signing in: the guarded address (path and query) and the login page's own
 * fragment. A link's state rides in its fragment, which must stay a fragment through the login —
 * never copied into `?redirect=`, where it would reach the server and its logs. An older login
 * link that carries the fragment inside `redirect` keeps working.
 */
export function returnAddress(target: string | null | undefined, hash: string): string {
  const path = safeRedirect(target);
  if (path.includes('#') || hash === '' || hash === '#') return path;
  return `${path}${hash.startsWith('#') ? hash : `#${hash}`}`;
}
