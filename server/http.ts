import type { ErrorBody, ErrorCode } from '#contract/errors';

/** Largest request body the API reads; larger ones get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** An error that becomes a JSON error response with the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Omit<ErrorBody, 'error' | 'error_message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The error body; the request id travels in a header, so equal errors have equal bodies. */
  body(): ErrorBody {
    return { error: this.code, error_message: this.message, ...this.details };
  }
}

/** Parses a JSON body, naming the position of a syntax error. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') {
    throw new ApiError(400, 'invalid_json', 'the request body is empty; send a JSON object');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unreadable JSON';
    throw new ApiError(400, 'invalid_json', `the request body is not valid JSON: ${reason}`);
  }
}
