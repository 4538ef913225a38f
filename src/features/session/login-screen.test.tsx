import { screen } from '@testing-library/react';
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

/** `prerendered`: no configuration yet, as the page the build renders ahead of time. */
function setup(answer: FakeAnswer, { prerendered = false } = {}) {
  const fake = fakeFetch({ '/index.php/api/oauth2': answer });
  vi.stubGlobal('fetch', fake.fetch);
  const onSignedIn = vi.fn();
  const view = renderWithProviders(
    <LoginScreen appConfig={prerendered ? undefined : embedded} onSignedIn={onSignedIn} />,
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

  it('says how long to wait after too many attempts', async () => {
    const { signIn } = setup(() =>
      jsonResponse(
        429,
        { error: 'too_many_requests', error_message: 'Too many' },
        { 'Retry-After': '840' },
      ),
    );
    await signIn('analyst', 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 14 minutes.');
  });

  it('says when the service cannot be reached', async () => {
    const { signIn } = setup(() => new TypeError('fetch failed'));
    await signIn('analyst', 'analyst-demo');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
  });
});
