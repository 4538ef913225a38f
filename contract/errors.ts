/**
 * The error body every API error carries, and the codes the embedded service uses.
 */
import { z } from 'zod/mini';

/** An error code of the embedded service; an upstream may send others. */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'unknown_module'
  | 'unknown_field'
  | 'unknown_operator'
  | 'unsupported_operator'
  | 'invalid_value'
  | 'too_complex'
  | 'row_cap_exceeded'
  | 'query_timeout'
  | 'query_too_large'
  | 'service_busy'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_token'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_error'
  | 'upstream_html'
  | 'upstream_too_large'
  | 'internal_error';

/**
 * The error body: `error` is a stable code, `error_message` a sentence for people. `field`,
 * `operator` and `path` point at the part of a query that was refused.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  error_message: z.string(),
  field: z.optional(z.string()),
  operator: z.optional(z.string()),
  path: z.optional(z.string()),
  request_id: z.optional(z.string()),
});

/** An API error body. */
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What the analyst is told when a web page (a sign-in or proxy error page) came instead of data. */
export const WEB_PAGE_ANSWER = 'The service answered with a web page instead of data.';

/**
 * True when an answer is a web page: served as HTML, or a body starting with `<` (a sign-in or
 * proxy error page, whatever its content type claims). JSON never starts with `<`.
 */
export function looksLikeWebPage(contentType: string | null | undefined, text: string): boolean {
  return /^\s*text\/html\b/i.test(contentType ?? '') || text.trimStart().startsWith('<');
}
