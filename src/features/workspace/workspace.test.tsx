import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { session } from '../../lib/services.ts';
import { Workspace } from './workspace.tsx';

const QUERY = '/index.php/api/service';

function setup(answer: FakeAnswer, runStarter = false) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ [QUERY]: answer });
  vi.stubGlobal('fetch', fake.fetch);
  const view = renderWithProviders(<Workspace module="metro_area__c" runStarter={runStarter} />);
  const editor = () => screen.getByLabelText('Query (JSON)');
  const setQuery = (body: unknown) => {
    fireEvent.change(editor(), { target: { value: JSON.stringify(body) } });
  };
  const queryBodies = () =>
    fake.calls
      .filter((call) => call.url === QUERY)
      .map((call) => JSON.parse(call.body) as { count_only?: boolean });
  return { ...view, fake, editor, setQuery, queryBodies };
}

const metros = (country: string) => ({
  module: 'metro_area__c',
  filters: { filter: [{ country__c: { $equals: country } }], fields: ['name', 'country__c'] },
});

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('Workspace', () => {
  it('runs the starter query on arrival when asked, and shows its rows in the requested columns', async () => {
    setup(
      (call) =>
        (JSON.parse(call.body) as { count_only?: boolean }).count_only
          ? jsonResponse(200, { count: 40 })
          : jsonResponse(200, {
              records: [{ name: 'Boston–Cambridge', country__c: 'United States', extra: 1 }],
            }),
      true,
    );
    expect(await screen.findByText('1 rows')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Results' });
    expect(table).toHaveTextContent('Boston–Cambridge');
    expect(screen.getByText('40 records')).toBeVisible();
  });

  it('keeps broken JSON as typed, names the problem, and sends nothing', async () => {
    const { user, editor, queryBodies } = setup(() => jsonResponse(200, { count: 1 }));
    fireEvent.change(editor(), { target: { value: '{"module": "metro_area__c",' } });
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText(/^Not valid JSON/)).toBeVisible();
    expect(editor()).toHaveValue('{"module": "metro_area__c",');
    expect(queryBodies().filter((body) => !body.count_only)).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the query", async () => {
    const { user, setQuery } = setup((call) =>
      (JSON.parse(call.body) as { count_only?: boolean }).count_only
        ? jsonResponse(200, { count: 1 })
        : jsonResponse(400, {
            error: 'invalid_value',
            error_message: 'country__c: value too long',
          }),
    );
    setQuery(metros('United States'));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('country__c: value too long');
  });

  it('cancels the stale request when the query changes, and shows only the newer answer', async () => {
    const { user, setQuery, fake } = setup((call) => {
      const body = JSON.parse(call.body) as { count_only?: boolean };
      if (body.count_only) return jsonResponse(200, { count: 2 });
      if (call.body.includes('United Kingdom')) {
        return jsonResponse(200, { records: [{ name: 'London', country__c: 'United Kingdom' }] });
      }
      // The first query would answer late; the fake fetch fails it once its signal aborts.
      return new Promise<Response>(() => undefined);
    });
    setQuery(metros('United States'));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText('Running the query…')).toBeVisible();
    setQuery(metros('United Kingdom'));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByRole('table', { name: 'Results' })).toHaveTextContent('London');
    const stale = fake.calls.find((call) => call.body.includes('United States'));
    expect(stale?.signal?.aborted).toBe(true);
  });
});
