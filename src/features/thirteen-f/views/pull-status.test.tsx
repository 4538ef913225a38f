import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, pagedService } from '../../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { fetchedSentence, PULL_LIMIT_ROWS, useBoundedPull } from '../api/bounded-pull.ts';
import { session } from '../../../lib/api/services.ts';
import { PullStatus } from './pull-status.tsx';

const BODY = {
  module: '13f_holdings',
  filters: { filter: [{ periodofreport: { $equals: 'Q' } }] },
};

/** A view reading BODY: the status while it reads, then what it read. */
function Reader() {
  const { pull, cancel, retry } = useBoundedPull(BODY);
  if (pull.state === 'done') return <p>{fetchedSentence(pull)}</p>;
  return <PullStatus pull={pull} what="the quarter" onCancel={cancel} onRetry={retry} />;
}

function setup(answer: FakeAnswer) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': answer });
  vi.stubGlobal('fetch', fake.fetch);
  return { ...renderWithProviders(<Reader />), fake };
}

const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.signOut();
});

describe('a bounded pull', () => {
  it('counts, then reads every page and says how many rows in how many requests', async () => {
    const { fake } = setup(pagedService(rows(12_000)));
    expect(await screen.findByText('12,000 rows read in 4 requests')).toBeVisible();
    expect(fake.calls).toHaveLength(4);
  });

  it('shows progress past 50,000 rows, stops on Cancel and reads again on request', async () => {
    const service = pagedService(rows(60_000));
    let hold = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, fake } = setup(async (call) => {
      // The third page waits, so the view is caught mid-read.
      if (hold && call.body.includes('"offset":"10000"')) await held;
      return service(call);
    });
    const bar = await screen.findByRole('progressbar', { name: 'Rows of the quarter read' });
    expect(await screen.findByText('Reading the quarter: 10,000 of 60,000 rows…')).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', String((10_000 / 60_000) * 100));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Stopped after 10,000 of 60,000 rows/)).toBeVisible();
    expect(fake.calls.at(-1)?.signal?.aborted).toBe(true);
    hold = false;
    release();
    await user.click(screen.getByRole('button', { name: 'Read them again' }));
    expect(await screen.findByText('60,000 rows read in 13 requests')).toBeVisible();
  });

  it('asks to narrow the scope past the limit, and reads no row', async () => {
    const { fake } = setup(() => jsonResponse(200, { record_count: PULL_LIMIT_ROWS + 1 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${(PULL_LIMIT_ROWS + 1).toLocaleString()} rows match the quarter, more than the ${PULL_LIMIT_ROWS.toLocaleString()} a view reads at once`,
    );
    expect(fake.calls).toHaveLength(1);
  });

  it('says a failed count and tries again', async () => {
    // The client backs off 0.5 s, then 1.5 s, before it gives up on a server failure: the clock
    // is moved on instead of waited for. Only setTimeout is faked; the DOM queries poll as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let failing = true;
    const { user } = setup((call) =>
      failing
        ? jsonResponse(500, { error: 'server_error', error_message: 'boom' })
        : pagedService(rows(3))(call),
    );
    const again = await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(500);
      return screen.getByRole('button', { name: 'Try again' });
    });
    vi.useRealTimers();
    failing = false;
    await user.click(again);
    expect(await screen.findByText('3 rows read in 2 requests')).toBeVisible();
  });
});
