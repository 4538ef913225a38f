import { describe, expect, it } from 'vitest';
import type { SessionTokens } from '../../lib/session/token-session.ts';
import { formatTimeLeft, sessionEndsAt } from './session-end.ts';

describe('formatTimeLeft', () => {
  it('counts minutes, then seconds in the last minute', () => {
    expect(formatTimeLeft(42 * 60_000)).toBe('42 min left');
    expect(formatTimeLeft(4 * 60_000 + 1)).toBe('5 min left');
    expect(formatTimeLeft(60_000)).toBe('1 min left');
    expect(formatTimeLeft(59_001)).toBe('60 s left');
    expect(formatTimeLeft(37_000)).toBe('37 s left');
    expect(formatTimeLeft(1)).toBe('1 s left');
    expect(formatTimeLeft(0)).toBe('Session ended');
  });
});

describe('sessionEndsAt', () => {
  const tokens: SessionTokens = {
    accessToken: 'a',
    issuedAt: 0,
    expiresAt: 3_600_000,
    refreshToken: 'r',
    refreshExpiresAt: 18_000_000,
    username: 'analyst',
  };
  it('is the refresh deadline: the access token is renewed quietly until then', () => {
    expect(sessionEndsAt(tokens)).toBe(18_000_000);
  });
  it('is the last access token’s end when it outlives the deadline', () => {
    expect(sessionEndsAt({ ...tokens, refreshExpiresAt: 1_000 })).toBe(3_600_000);
  });
  it('is the access token’s end when the service names no deadline', () => {
    expect(sessionEndsAt({ ...tokens, refreshExpiresAt: undefined })).toBe(3_600_000);
  });
});
