import { screen, within, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { session } from '../../lib/api/services.ts';
import { follows } from '../../lib/follows/use-follows.ts';
import { decodeWorkspaceLink } from '../../lib/url-state/workspace-link.ts';
import { GlobalSearch } from './global-search.tsx';

const QUERY = '/index.php/api/service';

const records = [
  {
    companyname: 'BERKSHIRE HATHAWAY INC',
    periodofreport: '2025-03-31',
    cusip: '037833100',
    ticker: 'AAPL',
    nameofissuer: 'APPLE INC',
    service_account_id: '001A',
    service_account_name: 'Berkshire Hathaway Inc.',
  },
  {
    companyname: 'SCION ASSET MANAGEMENT',
    periodofreport: '2024-12-31',
    cusip: '037833100',
    ticker: 'AAPL',
    nameofissuer: 'APPLE INC',
    service_account_id: '001C',
    service_account_name: 'Scion Capital',
  },
];

/** Account history's renames: an account no 13F row names, found by its new or old name. */
const renames = [
  {
    accountid: '001B',
    oldvalue: 'Dunmore Investment Management',
    newvalue: 'Elmstead Capital',
    createddate: '2025-02-03',
  },
];

/** The 13F rows, or account history's renames when the body asks for those. */
function answerOf(call: { body: string }) {
  const { module } = JSON.parse(call.body) as { module?: string };
  return jsonResponse(200, {
    records: module === 'accounthistory' ? renames : records,
    next_offset: -1,
  });
}

/**
 * A laid-out box for every element: Mantine hides a dropdown whose anchor has no size (detached,
 * to floating-ui), and jsdom lays nothing out.
 */
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 10, y: 10, width: 300, height: 30 }),
  );
}

function setup(answer: FakeAnswer = answerOf, completeQuarter?: string) {
  layOut();
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ [QUERY]: answer });
  vi.stubGlobal('fetch', fake.fetch);
  const useCompleteQuarter = () => completeQuarter;
  return {
    ...renderInRouter(() => <GlobalSearch useCompleteQuarter={useCompleteQuarter} />),
    fake,
  };
}

function openedQuery(router: ReturnType<typeof setup>['router']) {
  const decoded = decodeWorkspaceLink(router.state.location.hash);
  return decoded.kind === 'link' ? decoded.state : undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
  window.localStorage.clear();
});

describe('the global search', () => {
  it('is focused by "/", reads nothing until then, and opens a ticker’s security view', async () => {
    const { user, router, fake } = setup();
    const box = await screen.findByRole('combobox', {
      name: 'Search filers, securities and accounts',
    });
    expect(fake.calls).toHaveLength(0);
    await user.keyboard('/');
    expect(box).toHaveFocus();
    await user.keyboard('aapl');
    const option = await screen.findByRole('option', { name: /AAPL · APPLE INC/ });
    // The latest period's holders: Scion's filing is a quarter older.
    expect(option).toHaveTextContent('CUSIP 037833100 · 1 holder at Mar 31, 2025');
    await user.keyboard('{ArrowDown}{Enter}');
    // The security view of its CUSIP, at that latest period.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/security');
    });
    expect(router.state.location.search).toEqual({
      v: 1,
      cusip: '037833100',
      period: '2025-03-31',
    });
    expect(box).toHaveValue('');
  });

  it('says a security at the latest complete quarter, not at a later one still filling up', async () => {
    const { user, router } = setup(undefined, '2024-12-31');
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    await user.keyboard('aapl');
    const option = await screen.findByRole('option', { name: /AAPL · APPLE INC/ });
    expect(option).toHaveTextContent('CUSIP 037833100 · 1 holder at Dec 31, 2024');
    await user.click(option);
    await waitFor(() => {
      expect(router.state.location.search).toMatchObject({ period: '2024-12-31' });
    });
  });

  it('opens a filer’s latest portfolio, and an account’s related queries', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    await user.keyboard('berkshire');
    expect(
      await screen.findByRole('option', { name: /Berkshire Hathaway Inc\.: account history/ }),
    ).toBeVisible();
    await user.click(screen.getByRole('option', { name: /BERKSHIRE HATHAWAY INC/ }));
    await waitFor(() => {
      expect(openedQuery(router)?.body).toMatchObject({
        filters: {
          filter: [
            { companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } },
            { periodofreport: { $equals: '2025-03-31' } },
          ],
        },
      });
    });
  });

  it('follows a filer or a security from its result, without opening it or closing the list', async () => {
    const { user, router } = setup();
    const box = await screen.findByRole('combobox', { name: /Search/ });
    await user.click(box);
    await user.keyboard('aapl');
    const security = await screen.findByRole('option', { name: /^AAPL · APPLE INC CUSIP/ });
    await user.click(within(security).getByTitle('Follow this security'));
    expect(follows.isFollowed('security', '037833100')).toBe(true);
    // The option says so in its name: a screen reader hears it (the star itself is the pointer's).
    expect(security).toHaveAccessibleName(/ · followed$/);
    expect(router.state.location.pathname).not.toBe('/security');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.keyboard('berkshire');
    const filer = await screen.findByRole('option', { name: /^BERKSHIRE HATHAWAY INC Portfolio/ });
    await user.click(within(filer).getByTitle('Follow this manager'));
    expect(follows.isFollowed('filer', 'BERKSHIRE HATHAWAY INC')).toBe(true);
    // Kept with its matched account, which the home feed then need not look up.
    expect(follows.getSnapshot().follows).toContainEqual(
      expect.objectContaining({ kind: 'filer', accountId: '001A' }),
    );
    expect(screen.getByRole('listbox')).toBeVisible();
  });

  it('opens an account’s page, first of its options, and a filer’s account page', async () => {
    const { user, router } = setup();
    const box = await screen.findByRole('combobox', { name: /Search/ });
    await user.click(box);
    await user.keyboard('berkshire');
    const accounts = await screen.findByRole('group', { name: 'Accounts' });
    const [page] = within(accounts).getAllByRole('option');
    expect(page).toHaveAccessibleName('Berkshire Hathaway Inc. → account page Account 001A');
    // Listed under Accounts, the filer's account is not offered twice.
    expect(screen.getAllByRole('option', { name: /→ account page/ })).toHaveLength(1);
    await user.clear(box);
    await user.keyboard('scion asset');
    const scion = await screen.findByRole('option', {
      name: 'SCION ASSET MANAGEMENT → account page Account Scion Capital',
    });
    await user.click(scion);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account/001C');
    });
  });

  it('finds an account account history alone names, by its old name too', async () => {
    const { user, router } = setup();
    const box = await screen.findByRole('combobox', { name: /Search/ });
    await user.click(box);
    await user.keyboard('elmstead');
    expect(
      await screen.findByRole('option', { name: 'Elmstead Capital → account page Account 001B' }),
    ).toBeVisible();
    await user.clear(box);
    await user.keyboard('dunmore');
    const page = await screen.findByRole('option', { name: /^Elmstead Capital → account page/ });
    expect(page).toHaveTextContent('Formerly Dunmore Investment Management · Account 001B');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account/001B');
    });
  });

  it('keeps the current names when account history holds more renames than it reads', async () => {
    // 5,000 old renames of other accounts, then the latest of 001B: past the 5,000 read.
    const old = Array.from({ length: 5000 }, (_, at) => ({
      accountid: `002${String(at)}`,
      oldvalue: `Old ${String(at)}`,
      newvalue: `Firm ${String(at)}`,
      createddate: '2020-01-01',
    }));
    const latest = { ...renames[0], newvalue: 'Elmstead Partners', createddate: '2026-11-01' };
    const history = [...renames, ...old, latest];
    const { user } = setup((call) => {
      const body = JSON.parse(call.body) as {
        module?: string;
        filters?: { order_by?: string; offset?: string; max_num?: string };
      };
      if (body.module !== 'accounthistory') return answerOf(call);
      // As the service does: the order asked, then the page asked.
      const sorted = history.toSorted((a, b) => a.createddate.localeCompare(b.createddate));
      if (body.filters?.order_by?.endsWith(':DESC') === true) sorted.reverse();
      const offset = Number(body.filters?.offset ?? 0);
      const page = sorted.slice(offset, offset + Number(body.filters?.max_num ?? 20));
      const next = offset + page.length < sorted.length ? offset + page.length : -1;
      return jsonResponse(200, { records: page, next_offset: next });
    });
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    await user.keyboard('elmstead');
    expect(
      await screen.findByRole('option', { name: /^Elmstead Partners → account page/ }),
    ).toBeVisible();
  });

  it('follows an account from its page option, and says so in the option’s name', async () => {
    const { user, router } = setup();
    const box = await screen.findByRole('combobox', { name: /Search/ });
    await user.click(box);
    await user.keyboard('elmstead');
    const page = await screen.findByRole('option', { name: /^Elmstead Capital → account page/ });
    await user.click(within(page).getByTitle('Follow this account'));
    expect(follows.isFollowed('account', '001B')).toBe(true);
    // Kept with the account's name, as the home page lists it.
    expect(follows.getSnapshot().follows).toMatchObject([
      { kind: 'account', label: 'Elmstead Capital' },
    ]);
    expect(page).toHaveAccessibleName(/ · followed$/);
    expect(router.state.location.pathname).not.toBe('/account/001B');
    expect(box).toHaveFocus();
  });

  it('selects its text on "/" again, so what is typed next replaces it', async () => {
    const { user } = setup();
    const box = await screen.findByRole('combobox', { name: /Search/ });
    await user.keyboard('/lone{Escape}');
    expect(box).not.toHaveFocus();
    await user.keyboard('/037833100');
    expect(box).toHaveValue('037833100');
  });

  it('opens the first match on Enter when none is highlighted', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    // Both filers and a security match, none highlighted; Scion ranks first (a word's start).
    await user.keyboard('a');
    expect(await screen.findByRole('option', { name: /^BERKSHIRE HATHAWAY INC/ })).toBeVisible();
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('SCION ASSET MANAGEMENT');
    expect(screen.queryByRole('option', { selected: true })).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(openedQuery(router)?.body).toMatchObject({
        filters: {
          filter: [
            { companyname: { $equals: 'SCION ASSET MANAGEMENT' } },
            { periodofreport: { $equals: '2024-12-31' } },
          ],
        },
      });
    });
  });

  it('finds a manager by its people, and opens the firm as picking the firm does', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    await user.keyboard('buffett');
    const buffett = await screen.findByRole('option', {
      name: /^Warren Buffett → Berkshire Hathaway/,
    });
    expect(buffett).toHaveTextContent('BERKSHIRE HATHAWAY INC at Mar 31, 2025');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(openedQuery(router)?.body).toMatchObject({
        module: '13f_holdings',
        filters: { filter: [{ companyname: { $equals: 'BERKSHIRE HATHAWAY INC' } }, {}] },
      });
    });
  });

  it('says what it found nothing for, and why it could not search', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    await user.keyboard('zzz');
    expect(await screen.findByText('Nothing matches “zzz”')).toBeVisible();
  });

  it('says so when the service refuses the 13F rows it searches', async () => {
    const { user } = setup(() =>
      jsonResponse(403, { error: 'forbidden', error_message: 'Not in your subscription' }),
    );
    await user.click(await screen.findByRole('combobox', { name: /Search/ }));
    expect(await screen.findByText(/subscription/)).toBeVisible();
  });
});
