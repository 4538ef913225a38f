import { errors } from 'undici';
import type { Dispatcher } from 'undici';
import { ApiError } from '../http.ts';

/** How to read one upstream answer's body: its cap, and what to say about whom. */
export interface BodyLimits {
  readonly maxBytes: number;
  /** The upstream's host, for the error's sentence; never a path or a credential. */
  readonly host: string;
  readonly timeoutMs: number;
  /** Ends the upstream call: the connection is dropped, not drained. */
  readonly abort: (reason: Error) => void;
}

function megabytes(bytes: number): string {
  return `${String(Math.round((bytes / 2 ** 20) * 10) / 10)} MiB`;
}

function tooLarge({ host, maxBytes }: BodyLimits): ApiError {
  return new ApiError(
    502,
    'upstream_too_large',
    `The Marketplace service at ${host} answered with more than ${megabytes(maxBytes)}, ` +
      'the most the dashboard reads (UPSTREAM_MAX_RESPONSE_BYTES); ask for fewer rows a page.',
  );
}

/** The refusal for an answer that started and then failed: 504 past the deadline, else 502. */
function brokenOffError(error: unknown, { host, timeoutMs }: BodyLimits): ApiError {
  if (
    error instanceof errors.BodyTimeoutError ||
    (error instanceof DOMException && error.name === 'TimeoutError')
  ) {
    return new ApiError(
      504,
      'upstream_timeout',
      `The Marketplace service at ${host} did not finish its answer within ${timeoutMs / 1000} s.`,
    );
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  return new ApiError(
    502,
    'upstream_error',
    `The Marketplace service at ${host} broke off its answer (${typeof code === 'string' ? code : 'connection lost'}).`,
  );
}

/** Where a body of unknown length starts; it doubles as it fills, up to the cap. */
const FIRST_BUFFER_BYTES = 64 * 1024;

/**
 * The answer's bytes, read as they come and at most `maxBytes` of them: a Content-Length over the
 * cap is refused before a byte is read, and a body that grows past it is dropped at once, the
 * upstream call aborted, so what was read is garbage as soon as the 502 is sent (#34: a 600 MB
 * answer held 1.39 GB). A body that fails halfway is the upstream's failure, a 502, not ours.
 *
 * The chunks are copied into one buffer sized from Content-Length (or doubled as it fills) and
 * dropped at once: kept until the end, thousands of 64 KiB chunks scattered the allocator's heap,
 * and after a 64 MiB refusal the process stayed 86 MiB larger instead of 37.
 */
export async function readCappedBody(
  response: Dispatcher.ResponseData,
  limits: BodyLimits,
): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > limits.maxBytes) {
    const error = tooLarge(limits);
    limits.abort(error);
    throw error;
  }
  let bytes = Buffer.allocUnsafeSlow(declared >= 0 ? declared : FIRST_BUFFER_BYTES);
  let total = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      const needed = total + chunk.length;
      if (needed > limits.maxBytes) throw tooLarge(limits);
      if (needed > bytes.length) {
        const grown = Buffer.allocUnsafeSlow(
          Math.min(limits.maxBytes, Math.max(bytes.length * 2, needed)),
        );
        bytes.copy(grown, 0, 0, total);
        bytes = grown;
      }
      chunk.copy(bytes, total);
      total = needed;
    }
  } catch (error) {
    const refusal = error instanceof ApiError ? error : brokenOffError(error, limits);
    limits.abort(refusal);
    throw refusal;
  }
  return bytes.subarray(0, total);
}
