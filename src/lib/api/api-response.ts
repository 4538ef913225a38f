import { tokenResponseSchema } from '#contract/auth';
import type { TokenResponse } from '#contract/auth';
import { errorBodySchema, looksLikeWebPage } from '#contract/errors';
import { adaptResponse, UnexpectedResponseError } from '#contract/response';
import type { AdaptedResponse } from '#contract/response';
import { HttpError, ResponseShapeError, WebPageError } from './api-errors.ts';

/** Rows or a count: a query's successful answer. */
export type QueryResult = Exclude<AdaptedResponse, { kind: 'error' }>;

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** An answer's body as JSON; a web page or text that is not JSON is a typed error. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  // Direct mode meets the upstream's sign-in or proxy pages itself (the proxy says 502).
  if (response.ok && looksLikeWebPage(response.headers.get('content-type'), text))
    throw new WebPageError();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.ok) throw new ResponseShapeError('The service sent an answer that is not JSON.');
    throw new HttpError(
      response.status,
      'http_error',
      `The service answered ${response.status} without details.`,
    );
  }
}

/** The error a non-2xx answer stands for; the contract's adapter reads any error shape. */
export function errorFrom(response: Response, body: unknown): HttpError {
  let adapted: AdaptedResponse | undefined;
  try {
    adapted = adaptResponse(body);
  } catch {
    adapted = undefined;
  }
  const named = errorBodySchema.safeParse(body).data;
  return adapted?.kind === 'error'
    ? new HttpError(
        response.status,
        adapted.code,
        adapted.message,
        retryAfterSeconds(response),
        named?.field,
        named?.operator,
      )
    : new HttpError(
        response.status,
        'http_error',
        `The service answered ${response.status}.`,
        retryAfterSeconds(response),
      );
}

/** The tokens of a token answer (its body already read), or the error it stands for. */
export function tokensFrom(response: Response, body: unknown): TokenResponse {
  if (!response.ok) throw errorFrom(response, body);
  const tokens = tokenResponseSchema.safeParse(body);
  if (!tokens.success)
    throw new ResponseShapeError(
      'The service sent a token answer the dashboard does not understand.',
    );
  return tokens.data;
}

/** The rows or count of a query's answer (its body already read), or the error it stands for. */
export function queryResultFrom(response: Response, body: unknown, module: string): QueryResult {
  if (!response.ok) throw errorFrom(response, body);
  try {
    // The module names the catalog the rows are matched to (field names, booleans).
    const adapted = adaptResponse(body, module);
    if (adapted.kind === 'error')
      throw new HttpError(response.status, adapted.code, adapted.message);
    return adapted;
  } catch (error) {
    if (error instanceof UnexpectedResponseError) throw new ResponseShapeError(error.message);
    throw error;
  }
}
