import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { session } from '../../lib/api/services.ts';
import { ModuleCount } from './module-count.tsx';

const QUERY = '/index.php/api/service';

function setup(answer: FakeAnswer) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  vi.stubGlobal('fetch', fakeFetch({ [QUERY]: answer }).fetch);
  renderWithProviders(<ModuleCount module="updates" />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('ModuleCount', () => {
  it('shows the count', async () => {
    setup(() => jsonResponse(200, { record_count: 12345 }));
    expect(await screen.findByText('12,345 records')).toBeVisible();
  });

  it("names a failed count in a word and leaves the full alert to the run's", async () => {
    setup(
      () =>
        new Response('<!doctype html><h1>Sign in</h1>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const note = await screen.findByText('Record count unavailable (unexpected answer)');
    expect(note).toHaveAttribute('title', expect.stringMatching(/web page instead of data/));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of the module as an alert: it is about the whole workspace', async () => {
    setup(() => jsonResponse(403, { error: 'forbidden', error_message: 'no' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account does not include this module.',
    );
  });
});
