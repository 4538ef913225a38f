import { describe, expect, it } from 'vitest';
import {
  HttpError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
  WebPageError,
} from './api-errors.ts';
import { describeError, loginErrorMessage, signInWaitSeconds } from './error-policy.ts';

describe('describeError', () => {
  it.each([
    [new HttpError(401, 'invalid_token', 'expired'), 'Signed out', 'warning', true],
    [new HttpError(403, 'forbidden', 'no'), 'Not in your subscription', 'warning', false],
    [
      new HttpError(400, 'unknown_field', 'unknown field "x"'),
      'The query was refused',
      'error',
      false,
    ],
    [
      new HttpError(429, 'too_many_requests', 'Slow down.', 90),
      'The service is busy',
      'warning',
      true,
    ],
    [new HttpError(504, 'upstream_timeout', 'no answer.'), 'Service unreachable', 'error', true],
    [new HttpError(503, 'service_busy', 'Busy.', 2), 'The service is busy', 'warning', true],
    [new HttpError(504, 'query_timeout', 'Took 15 s.'), 'The query took too long', 'error', false],
    [
      new HttpError(503, 'query_too_large', 'Needs memory.'),
      'The query needs too much memory',
      'error',
      false,
    ],
    [
      new HttpError(502, 'upstream_too_large', 'More than 64 MiB.'),
      'The answer is too large',
      'error',
      false,
    ],
    [new HttpError(500, 'internal_error', 'boom'), 'The service failed', 'error', true],
    [new NetworkError(), 'No connection', 'error', true],
    [new TimeoutError(60_000), 'No answer', 'error', true],
    [new ResponseShapeError('odd'), 'Unexpected answer', 'error', true],
  ] as const)('%o → %s', (error, title, severity, canRetry) => {
    expect(describeError(error)).toMatchObject({ title, severity, canRetry });
  });

  it.each<[string, Error]>([
    [
      'the proxy',
      new HttpError(502, 'upstream_html', 'The service answered with a web page instead of data.'),
    ],
    ['the client', new WebPageError()],
  ])('says once that a web page came instead of data (from %s)', (_, error) => {
    const { title, message, canRetry } = describeError(error);
    expect(message.match(/web page instead of data/g)).toHaveLength(1);
    expect(title).not.toMatch(/unreachable|web page/i);
    expect(message).not.toContain(title);
    expect(canRetry).toBe(true);
  });

  it('says once that the service cannot be reached', () => {
    const { title, message } = describeError(
      new HttpError(504, 'upstream_timeout', 'The Marketplace service at h did not answer.'),
    );
    expect(title).toBe('Service unreachable');
    expect(message).toBe('The Marketplace service at h did not answer. Try again shortly.');
    expect(message.match(/reach|answer/g)).toHaveLength(1);
  });

  it("keeps the server's own words for a refused query", () => {
    expect(describeError(new HttpError(400, 'unknown_field', 'unknown field "x"')).message).toBe(
      'unknown field "x"',
    );
  });

  it("gives the server's advice for a query stopped as too heavy", () => {
    const stopped = new HttpError(504, 'query_timeout', 'Stopped. Narrow the filter.');
    expect(describeError(stopped).message).toBe('Stopped. Narrow the filter.');
  });

  it('says how long to wait', () => {
    expect(describeError(new HttpError(429, 'busy', 'Slow down.', 90)).message).toBe(
      'Slow down. Try again in 2 minutes.',
    );
  });
});

describe('loginErrorMessage', () => {
  it('shows the token endpoint sentence for wrong credentials', () => {
    expect(
      loginErrorMessage(
        new HttpError(400, 'invalid_grant', 'The user name or password is incorrect.'),
      ),
    ).toBe('The user name or password is incorrect.');
  });

  it('names an unreachable service', () => {
    expect(
      loginErrorMessage(
        new HttpError(
          502,
          'upstream_unreachable',
          'The Marketplace service at vendor.example could not be reached (ECONNREFUSED).',
        ),
      ),
    ).toBe(
      'The Marketplace service at vendor.example could not be reached (ECONNREFUSED). Try again shortly.',
    );
    expect(loginErrorMessage(new NetworkError())).toMatch(/could not be reached/);
  });
});

describe('signInWaitSeconds', () => {
  it("is the 429's Retry-After, a minute when it named none, and nothing for other failures", () => {
    expect(signInWaitSeconds(new HttpError(429, 'too_many_requests', 'Too many.', 42))).toBe(42);
    expect(signInWaitSeconds(new HttpError(429, 'too_many_requests', 'Too many.', 0.2))).toBe(1);
    expect(signInWaitSeconds(new HttpError(429, 'too_many_requests', 'Too many.'))).toBe(60);
    expect(signInWaitSeconds(new HttpError(400, 'invalid_grant', 'incorrect'))).toBeUndefined();
    expect(signInWaitSeconds(new NetworkError())).toBeUndefined();
  });

  it('is the Retry-After of a wrong password that starts a wait', () => {
    expect(signInWaitSeconds(new HttpError(400, 'invalid_grant', 'incorrect', 4))).toBe(4);
    expect(signInWaitSeconds(new HttpError(400, 'invalid_request', 'field', 4))).toBeUndefined();
  });
});
