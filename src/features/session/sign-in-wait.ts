import { useEffect, useState } from 'react';

/** What the login form says while the service makes this browser wait before the next sign-in. */
export const SIGN_IN_PAUSED = 'Too many failed sign-ins for this user from this browser.';
export const SIGN_IN_AGAIN = 'You can try again now.';

/** The visible countdown: "0:42", "14:00"; whole seconds, rounded up. */
export function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The same wait for a screen reader: "42 seconds", "1 minute and 5 seconds". */
export function spokenWait(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const count = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? '' : 's'}`;
  const parts = [
    ...(seconds >= 60 ? [count(Math.floor(seconds / 60), 'minute')] : []),
    ...(seconds % 60 > 0 || seconds < 60 ? [count(seconds % 60, 'second')] : []),
  ];
  return parts.join(' and ');
}

interface Wait {
  /** When sign-in opens again (Date.now() milliseconds). */
  readonly deadline: number;
  /** The wait as the service named it, for the one announcement. */
  readonly ms: number;
  /** The page's clock at the last tick. */
  readonly now: number;
}

/**
 * A wait before the next sign-in, counted down every second from an absolute deadline: each tick
 * reads the clock, so a tab whose timers the browser held back (in the background) still shows
 * the true time left, and the wait ends on time.
 */
export function useSignInWait() {
  const [wait, setWait] = useState<Wait>();
  const leftMs = wait ? Math.max(0, wait.deadline - wait.now) : 0;
  const counting = wait !== undefined && leftMs > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      setWait((current) => current && { ...current, now: Date.now() });
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [counting, wait?.deadline]);

  return {
    /** Whether sign-in waits now. */
    waiting: counting,
    /** Whether a wait has run out since the last attempt. */
    over: wait !== undefined && !counting,
    leftMs,
    /** The wait's whole length, as announced when it began. */
    totalMs: wait?.ms ?? 0,
    start(seconds: number) {
      const now = Date.now();
      setWait({ deadline: now + seconds * 1000, ms: seconds * 1000, now });
    },
    clear() {
      setWait(undefined);
    },
  };
}
