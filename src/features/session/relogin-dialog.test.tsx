import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { client, reloginPrompt, session } from '../../lib/api/services.ts';
import { ReloginDialog } from './relogin-dialog.tsx';

const QUERY = '/index.php/api/service';
const TOKEN = '/index.php/api/oauth2';
const rows = { records: [{ name: 'London' }], next_offset: -1 };

/** A signed-in analyst whose token the service no longer accepts, and no refresh token. */
function setup() {
  session.signIn({ access_token: 'stale', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({
    [QUERY]: (call) =>
      call.headers['oauth-token'] === 'fresh'
        ? jsonResponse(200, rows)
        : jsonResponse(401, { error: 'invalid_token', error_message: 'expired' }),
    [TOKEN]: (call) =>
      (JSON.parse(call.body) as { password?: string }).password === 'analyst-demo'
        ? jsonResponse(200, { access_token: 'fresh', expires_in: 3600 })
        : jsonResponse(400, {
            error: 'invalid_grant',
            error_message: 'The user name or password is incorrect.',
          }),
  });
  vi.stubGlobal('fetch', fake.fetch);
  const onSignOut = vi.fn();
  const view = renderWithProviders(
    <>
      <TextInput label="Ticker" defaultValue="" />
      <ReloginDialog onSignOut={onSignOut} />
    </>,
  );
  const queryCalls = () => fake.calls.filter((call) => call.url === QUERY);
  return { ...view, onSignOut, queryCalls };
}

afterEach(() => {
  reloginPrompt.settle(false);
  vi.unstubAllGlobals();
  session.signOut();
});

describe('ReloginDialog', () => {
  it('signs the same analyst back in over the page, and the interrupted query runs once more', async () => {
    const { user, queryCalls } = setup();
    await user.type(screen.getByLabelText('Ticker'), 'AAPL');
    const query = client.query({ module: 'metro_area__c' });

    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(screen.getByLabelText('User name')).toHaveValue('analyst');
    expect(screen.getByLabelText('User name')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'analyst-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await expect(query).resolves.toMatchObject({ kind: 'rows', rows: rows.records });
    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(queryCalls().map((call) => call.headers['oauth-token'])).toEqual(['stale', 'fresh']);
    expect(screen.getByLabelText('Ticker')).toHaveValue('AAPL');
  });

  it('keeps the dialog open with the reason after a wrong password', async () => {
    const { user } = setup();
    void client.query({ module: 'metro_area__c' }).catch(() => undefined);
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user name or password is incorrect.',
    );
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('');
    expect(reloginPrompt.isOpen).toBe(true);
  });

  it('lets the analyst decline: the query fails with its 401 and the page stays', async () => {
    const { user, onSignOut } = setup();
    const failure = client.query({ module: 'metro_area__c' }).catch((error: unknown) => error);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await failure).toMatchObject({ status: 401 });
    expect(onSignOut).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Ticker')).toBeInTheDocument();
  });

  it('offers to sign out instead', async () => {
    const { user, onSignOut } = setup();
    const failure = client.query({ module: 'metro_area__c' }).catch((error: unknown) => error);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Sign out instead' }));
    expect(await failure).toMatchObject({ status: 401 });
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
