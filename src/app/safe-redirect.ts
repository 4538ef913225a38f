/** Characters a browser drops from a URL (tab, line breaks) or reads as '/' (backslash). */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const REREAD = /[\u0000-\u001f\u007f\\]/;

/** How many rounds of percent-decoding a path may need: more is never a link of ours. */
const MAX_DECODINGS = 3;

/** A path part that is ours and stays ours when something decodes it (the router, a proxy). */
function isOwnPath(path: string): boolean {
  let form = path;
  for (let round = 0; round <= MAX_DECODINGS; round += 1) {
    if (!form.startsWith('/') || form.startsWith('//') || REREAD.test(form)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return false;
    }
    if (decoded === form) return true;
    form = decoded;
  }
  return false;
}

/**
 * `target` when it is a path of this app, else the home page. A login link's `redirect` is the
 * visitor's to write: `/%09/evil.example` arrives as `/<tab>/evil.example`, which the browser
 * reads as `//evil.example`, another site (and `history.replaceState` throws). So the whole
 * target may hold no character a browser drops or rereads, its path must stay one path of ours
 * however often it is decoded, and the browser's own reading of it must stay on this origin.
 */
export function appPathOrHome(target: string | null | undefined): string {
  if (!target || REREAD.test(target) || !isOwnPath(target.split(/[?#]/, 1)[0] ?? '')) return '/';
  const base = 'https://app.invalid';
  const read = new URL(target, base);
  // Dot segments collapse as the browser reads the path: `/.//evil.example` is `//evil.example`.
  return read.origin === base && !read.pathname.startsWith('//') ? target : '/';
}

/**
 * Where to go after signing in: the guarded address (path and query) and the login page's own
 * fragment. A link's state rides in its fragment, which must stay a fragment through the login —
 * never copied into `?redirect=`, where it would reach the server and its logs. An older login
 * link that carries the fragment inside `redirect` keeps working.
 */
export function returnAddress(target: string | null | undefined, hash: string): string {
  const path = appPathOrHome(target);
  if (path.includes('#') || hash === '' || hash === '#') return path;
  return `${path}${hash.startsWith('#') ? hash : `#${hash}`}`;
}
