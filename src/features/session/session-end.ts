import type { SessionTokens } from '../../lib/session/token-session.ts';

/** How long before the end of a login the analyst is offered to stay signed in. */
export const WARNING_MS = 5 * 60_000;

/**
 * When the login really ends: the refresh deadline, past which no new access token can be had
 * (the access token is renewed quietly until then), or the last access token's end when that
 * comes later (it still works past the deadline) or the service names no deadline.
 */
export function sessionEndsAt(tokens: SessionTokens): number {
  return Math.max(tokens.expiresAt, tokens.refreshExpiresAt ?? tokens.expiresAt);
}

/** "42 min left", then in the last minute "37 s left"; "Session ended" once it has. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'Session ended';
  if (ms < 60_000) return `${String(Math.ceil(ms / 1000))} s left`;
  return `${String(Math.ceil(ms / 60_000))} min left`;
}
