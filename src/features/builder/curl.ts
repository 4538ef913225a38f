import { API_PATHS } from '#contract/auth';

/** A curl command for the body; the token is a placeholder, never the analyst's own. */
export function curlCommand(body: unknown, origin: string): string {
  const data = JSON.stringify(body).replaceAll("'", "'\\''");
  return [
    `curl -X POST '${origin}${API_PATHS.query}'`,
    `-H 'Content-Type: text/plain'`,
    `-H 'Oauth-Token: <ACCESS_TOKEN>'`,
    `--data-raw '${data}'`,
  ].join(' \\\n  ');
}
