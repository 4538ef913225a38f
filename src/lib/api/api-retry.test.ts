import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, ResponseShapeError, TimeoutError } from './api-errors.ts';
import { retryDecision } from './api-retry.ts';

describe('retryDecision', () => {
  it('backs off 0.5 s, then 1.5 s, after a server failure or a lost connection; then fails', () => {
    const failure = new HttpError(503, 'service_busy', 'busy');
    expect(retryDecision(failure, 0)).toStrictEqual({ retryInMs: 500 });
    expect(retryDecision(new NetworkError(), 1)).toStrictEqual({ retryInMs: 1500 });
    expect(retryDecision(failure, 2)).toStrictEqual({ fail: failure });
  });

  it('waits as long as a 429 asks, one second when it does not say', () => {
    expect(retryDecision(new HttpError(429, 'too_many_requests', 'slow', 4), 0)).toStrictEqual({
      retryInMs: 4000,
    });
    expect(retryDecision(new HttpError(429, 'too_many_requests', 'slow'), 1)).toStrictEqual({
      retryInMs: 1000,
    });
  });

  it('fails at once, saying how long, when a 429 asks for more than 30 s', () => {
    const decision = retryDecision(new HttpError(429, 'too_many_requests', 'slow', 120), 0);
    expect(decision).toStrictEqual({ fail: expect.any(HttpError) as unknown });
    const error = (decision as { fail: HttpError }).fail;
    expect([error.status, error.code, error.retryAfterSeconds]).toStrictEqual([
      429,
      'too_many_requests',
      120,
    ]);
    expect(error.message).toBe(
      'The service is busy; it asks to wait 2 minute(s) before the next query.',
    );
  });

  it('never retries a 4xx, a heavy query, a timeout or an answer it cannot read', () => {
    for (const error of [
      new HttpError(400, 'invalid_request', 'bad'),
      new HttpError(504, 'query_timeout', 'heavy'),
      new TimeoutError(60_000),
      new ResponseShapeError('odd'),
    ]) {
      expect(retryDecision(error, 0)).toStrictEqual({ fail: error });
    }
  });
});
