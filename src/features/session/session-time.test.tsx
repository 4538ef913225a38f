import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { session } from '../../lib/api/services.ts';
import { SessionEndingNotice, SessionTimeLeft } from './session-time.tsx';
import { useSession } from './use-session.ts';

function Header() {
  const { tokens } = useSession();
  return tokens ? <SessionTimeLeft tokens={tokens} /> : null;
}

/**
 * Signed in for a login that ends in `refreshSeconds`, its access token renewed inside it (an
 * hour at most, never past the login, as the embedded service grants them).
 */
function setup(refreshSeconds: number, accessSeconds = Math.min(3600, refreshSeconds)) {
  session.signIn(
    {
      access_token: 'token',
      expires_in: accessSeconds,
      refresh_token: 'r',
      refresh_expires_in: refreshSeconds,
    },
    'analyst',
  );
  return renderWithProviders(
    <>
      <Header />
      <SessionEndingNotice />
    </>,
    { userDelay: null },
  );
}

const notice = () => screen.queryByRole('status', { name: 'Session ending' });
const later = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  session.signOut();
  vi.useRealTimers();
});

describe('the session countdown and its warning', () => {
  it('counts down to the refresh deadline, not the access token’s hour', () => {
    setup(2 * 3600 - 30);
    expect(screen.getByLabelText('Session time left')).toHaveTextContent('120 min left');
    expect(notice()).toBeNull();
  });

  it('warns five minutes before the end, then counts seconds in the last minute', () => {
    // The session's clock and the page's fake one differ by milliseconds: margins of seconds.
    setup(6 * 60 - 10);
    expect(notice()).toBeNull();
    later(61_000);
    expect(notice()).toHaveTextContent('Your session ends in 5 min.');
    later(4 * 60_000 + 10_000);
    expect(screen.getByLabelText('Session time left')).toHaveTextContent(/^(3[89]|40) s left$/);
    expect(notice()).toHaveTextContent(/Your session ends in (3[89]|40) s\./);
  });

  it('"Later" hides the warning until the last minute', async () => {
    const view = setup(4 * 60);
    await view.user.click(screen.getByRole('button', { name: 'Later' }));
    expect(notice()).toBeNull();
    later(2 * 60_000);
    expect(notice()).toBeNull();
    later(65_000);
    expect(notice()).toHaveTextContent(/Your session ends in 5[4-6] s\./);
  });

  it('"Stay signed in" asks for the password over the page', async () => {
    const view = setup(4 * 60);
    await view.user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(await screen.findByRole('dialog', { name: 'Stay signed in' })).toBeInTheDocument();
    expect(screen.getByLabelText('User name')).toHaveValue('analyst');
  });
});
