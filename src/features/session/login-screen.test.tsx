import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { AppConfig } from '#contract/app-config';
import { session } from '../../lib/api/services.ts';
import { LoginScreen } from './login-screen.tsx';

const embedded: AppConfig = {
  mode: 'embedded',
  demoUsers: [{ username: 'analyst', password: 'analyst-demo', note: 'every module' }],
};

/**
 * `prerendered`: no configuration yet, as the page the build renders ahead of time.
 * `userDelay: null` for a test on fake timers: the user types without waiting on a timer.
 */
function setup(
  answer: FakeAnswer,
  { prerendered = false, userDelay }: { prerendered?: boolean; userDelay?: null } = {},
) {
  const fake = fakeFetch({ '/index.php/api/oauth2': answer });
  vi.stubGlobal('fetch', fake.fetch);
  const onSignedIn = vi.fn();
  const view = renderWithProviders(
    <LoginScreen appConfig={prerendered ? undefined : embedded} onSignedIn={onSignedIn} />,
    { userDelay },
  );
  const signIn = async (username: string, password: string) => {
    await view.user.type(screen.getByLabelText('User name'), username);
    await view.user.type(screen.getByLabelText('Password'), password);
    await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  return { ...view, fake, onSignedIn, signIn };
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('LoginScreen', () => {
  it('shows the demo users and names the empty fields', async () => {
    const { user, fake } = setup(() => jsonResponse(200, {}));
    expect(screen.getByText('analyst-demo')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your user name')).toBeVisible();
    expect(screen.getByText('Enter your password')).toBeVisible();
    expect(fake.calls).toHaveLength(0);
  });

  it('signs in, keeps the session and goes on', async () => {
    const { signIn, onSignedIn, fake } = setup(() =>
      jsonResponse(200, { access_token: 'tok', expires_in: 3600 }),
    );
    await signIn('analyst', 'analyst-demo');
    await vi.waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledTimes(1);
    });
    expect(session.current).toMatchObject({ accessToken: 'tok', username: 'analyst' });
    expect(JSON.parse(fake.calls[0]?.body ?? '{}')).toEqual({
      username: 'analyst',
      password: 'analyst-demo',
      grant_type: 'password',
    });
  });

  it('signs in before the configuration is in, as prerendered: no demo users, no service named', async () => {
    const { signIn, onSignedIn } = setup(
      () => jsonResponse(200, { access_token: 'tok', expires_in: 3600 }),
      { prerendered: true },
    );
    expect(screen.queryByText(/Demo users|Embedded demo service/)).toBeNull();
    await signIn('analyst', 'analyst-demo');
    await vi.waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledTimes(1);
    });
  });

  it("shows the server's message for wrong credentials and clears the password", async () => {
    const { signIn, onSignedIn } = setup(() =>
      jsonResponse(400, {
        error: 'invalid_grant',
        error_message: 'The user name or password is incorrect.',
      }),
    );
    await signIn('analyst', 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user name or password is incorrect.',
    );
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says when the service cannot be reached', async () => {
    const { signIn } = setup(() => new TypeError('fetch failed'));
    await signIn('analyst', 'analyst-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
  });
});

/** The service's answer to a throttled sign-in. */
const tooMany = (seconds: number) =>
  jsonResponse(
    429,
    {
      error: 'too_many_requests',
      error_message: `Too many failed sign-in attempts. Try again in ${String(seconds)} second(s).`,
    },
    { 'Retry-After': String(seconds) },
  );

const wrongPassword = () =>
  jsonResponse(400, {
    error: 'invalid_grant',
    error_message: 'The user name or password is incorrect.',
  });

/** Answers the token requests with `answers`, one each, in turn. */
function inTurn(...answers: Response[]): FakeAnswer {
  return () => answers.shift() ?? new Error('no more answers');
}

const PAUSED = 'Too many failed sign-ins for this user from this browser.';

describe('after too many failed sign-ins', () => {
  /**
   * On a fake clock (Date and the interval timers), so a minute passes at once. Timeouts stay
   * real: Testing Library and user-event wait on them between steps.
   */
  function setupThrottled(...answers: Response[]) {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const view = setup(inTurn(...answers), { userDelay: null });
    const button = () => screen.getByRole('button', { name: 'Sign in' });
    const password = () => screen.getByLabelText('Password', { exact: true });
    const later = async (ms: number) => {
      await act(() => vi.advanceTimersByTimeAsync(ms));
    };
    return { ...view, button, password, later };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from Retry-After with Sign in disabled, then lets the analyst try again', async () => {
    const { signIn, user, fake, button, password, later } = setupThrottled(
      tooMany(42),
      wrongPassword(),
    );
    await signIn('analyst', 'nope');

    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent('0:42');
    expect(screen.getByRole('group', { name: 'Sign-in paused' })).toHaveTextContent(
      `${PAUSED} Try again in 0:42.`,
    );
    expect(button()).toBeDisabled();
    // What a screen reader says of the button, and announces once, politely.
    expect(button()).toHaveAccessibleDescription(`${PAUSED} Try again in 0:42.`);
    expect(screen.getByRole('status')).toHaveTextContent(`${PAUSED} Try again in 42 seconds.`);
    expect(password()).toHaveValue('');

    await later(1_000);
    expect(timer).toHaveTextContent('0:41');
    expect(button()).toBeDisabled();
    // Not announced again every second.
    expect(screen.getByRole('status')).toHaveTextContent(`${PAUSED} Try again in 42 seconds.`);

    // Typing keeps the countdown; Enter sends nothing while it runs.
    await user.type(password(), 'again{Enter}');
    await later(1_000);
    expect(timer).toHaveTextContent('0:40');
    expect(fake.calls).toHaveLength(1);

    await later(40_000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Sign-in paused' })).toBeNull();
    expect(screen.getByRole('group')).toHaveTextContent('You can try again now.');
    expect(screen.getByRole('status')).toHaveTextContent('You can try again now.');
    expect(button()).toBeEnabled();
    expect(button()).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('User name')).toHaveValue('analyst');

    await user.clear(password());
    await user.type(password(), 'still-wrong');
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user name or password is incorrect.',
    );
    expect(screen.queryByRole('group')).toBeNull();
    expect(fake.calls).toHaveLength(2);
  });

  it('counts from the deadline, not by ticks: a throttled background tab shows the true time', async () => {
    const { signIn, later } = setupThrottled(tooMany(840));
    await signIn('analyst', 'nope');
    expect(await screen.findByRole('timer')).toHaveTextContent('14:00');
    // The clock jumps as it does for a tab whose timers the browser held back.
    act(() => {
      vi.setSystemTime(Date.now() + 5 * 60_000);
    });
    await later(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent('8:59');
  });
});
