import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { moduleAccess, session } from '../../lib/api/services.ts';
import { HomeFeed } from './home-feed.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  moduleAccess.clear();
  localStorage.clear();
});

interface Body {
  module: string;
  count_only?: boolean;
  filters?: { filter?: unknown[]; fields?: string[] };
}

const FILING_ROWS = [
  {
    companyname: 'ACME CAPITAL',
    periodofreport: '2026-09-30',
    filedat: '2026-11-20 00:00:00',
    status: 'NEW',
    ticker: 'META',
    value: 1_760_000_000,
  },
  {
    companyname: 'ACME CAPITAL',
    periodofreport: '2026-09-30',
    filedat: '2026-11-20 00:00:00',
    status: 'SOLD OUT',
    ticker: 'IBM',
    value: 0,
  },
  {
    companyname: 'PLANTED (DATA-QUALITY DEMO)',
    periodofreport: '2026-09-30',
    filedat: '2026-11-21 00:00:00',
    status: 'NEW',
    ticker: 'X',
    value: 9e12,
  },
];

/** The filings, filed before the 7-day window (Nov 18–25): the window has none. */
const OLD_FILING_ROWS = FILING_ROWS.map((row) => ({ ...row, filedat: '2026-10-01 00:00:00' }));

/** A vendor-shaped service (no aggregates) answering each section; `failing` answers 500. */
function answer(body: Body, failing: string | undefined, oldFilings = false) {
  if (body.module === failing)
    return jsonResponse(500, { error: 'server_error', error_message: 'boom' });
  if (body.count_only) return jsonResponse(200, { record_count: 3 });
  const fields = body.filters?.fields ?? [];
  const records = (() => {
    switch (body.module) {
      case '13f_holdings':
        if (fields.includes('status') && fields.includes('filedat'))
          return oldFilings ? OLD_FILING_ROWS : FILING_ROWS;
        if (fields.length === 1 && fields[0] === 'periodofreport')
          return [{ periodofreport: '2026-09-30' }];
        if (fields.includes('service_account_id')) return [{ service_account_id: '001ACME' }];
        return [
          {
            companyname: 'ACME CAPITAL',
            periodofreport: '2026-09-30',
            cusip: '30303M102',
            ticker: 'META',
            status: 'NEW',
            value: 1_760_000_000,
          },
        ];
      case 'updates':
        return [
          {
            sfid: 'u1',
            contact_name__c: 'Ada Park',
            account__c: '001ACME',
            job_change__c: true,
            createddate: '2026-11-24T10:00:00Z',
          },
        ];
      case 'accounthistory':
        if (fields.includes('newvalue') && fields.length === 4)
          return [
            {
              accountid: '001ACME',
              field: 'Name',
              newvalue: 'Acme Capital',
              createddate: '2025-01-01',
            },
          ];
        return [
          {
            accountid: '001ACME',
            field: 'AUM__c',
            datatype: 'Currency',
            oldvalue: '1200000000',
            newvalue: '1400000000',
            createddate: '2026-11-23',
          },
        ];
      case 'manager_presentation__c':
        return [
          {
            name: 'Acme – Q3 letter',
            manager_presentation_type__c: 'Investor Letter',
            url: 'javascript:alert(1)',
            document_name: 'evil.pdf',
            createddate: '2026-11-22T00:00:00Z',
          },
        ];
      default:
        return [];
    }
  })();
  return jsonResponse(200, { records, next_offset: -1 });
}

function setup({
  failing,
  follows,
  oldFilings,
  holdAccounts,
  completeQuarter = null,
}: {
  failing?: string;
  follows?: unknown[];
  oldFilings?: boolean;
  /** The latest complete 13F quarter the 13F feature would tell (null: none known). */
  completeQuarter?: string | null;
  /** The followed managers' accounts never answer: the feed as it waits for them. */
  holdAccounts?: boolean;
} = {}) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  if (follows) localStorage.setItem('marketplace.follows.v1:analyst', JSON.stringify(follows));
  const service = fakeFetch({
    '/index.php/api/service': (call) => {
      const body = JSON.parse(call.body) as Body;
      if (holdAccounts && body.filters?.fields?.includes('service_account_id'))
        return new Promise<Response>(() => undefined);
      return answer(body, failing, oldFilings);
    },
  });
  vi.stubGlobal('fetch', service.fetch);
  const now = () => new Date('2026-11-25T12:00:00Z');
  renderInRouter(() => (
    <HomeFeed
      since="7d"
      onSinceChange={() => undefined}
      now={now}
      useCompleteQuarter={() => completeQuarter}
    />
  ));
  const bodies = () => service.calls.map((call) => JSON.parse(call.body) as Body);
  return {
    section: (name: string) => screen.findByRole('region', { name: new RegExp(name) }),
    bodies,
  };
}

describe('HomeFeed', () => {
  it('lists new filings with their changes in one line, leaving the planted filer out', async () => {
    const { section } = setup();
    const filings = await section('New 13F filings');
    expect(
      await within(filings).findByText('bought 1, sold out 1; largest new: META $1.8B'),
    ).toBeVisible();
    expect(within(filings).getByRole('link', { name: 'ACME CAPITAL' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/q\/13f_holdings#s=/),
    );
    expect(filings).not.toHaveTextContent('DATA-QUALITY');
    expect(within(filings).getByLabelText('1 in all')).toBeVisible();
  });

  it('names the account of a contact move and links it to its page', async () => {
    const { section } = setup();
    const moves = await section('Contact moves');
    const account = await within(moves).findByRole('link', { name: 'Acme Capital' });
    expect(account).toHaveAttribute('href', '/account/001ACME');
    expect(moves).toHaveTextContent('Ada Park job change at Acme Capital');
    expect(within(moves).getByLabelText('3 in all')).toBeVisible();
    // A narrow card breaks the line between an item's details, never inside its date.
    expect(within(moves).getByText('· Nov 24, 2026')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows an account change old → new with its field label and money formatted', async () => {
    const { section } = setup();
    const changes = await section('Account changes');
    expect(await within(changes).findByText(/AUM \$1\.2B → \$1\.4B/)).toBeVisible();
  });

  it('lists presentations without linking a document URL that is not http(s)', async () => {
    const { section } = setup();
    const presentations = await section('New manager presentations');
    expect(
      await within(presentations).findByRole('link', { name: 'Acme – Q3 letter' }),
    ).toBeVisible();
    expect(within(presentations).queryByRole('link', { name: 'evil.pdf' })).not.toBeInTheDocument();
  });

  it('keeps the other sections when one fails, and offers to try that one again', async () => {
    const { section } = setup({ failing: 'updates' });
    const moves = await section('Contact moves');
    expect(await within(moves).findByRole('alert')).toBeVisible();
    expect(within(moves).getByRole('button', { name: 'Try again' })).toBeVisible();
    const changes = await section('Account changes');
    expect(await within(changes).findByText(/AUM/)).toBeVisible();
  });

  it('narrows filings to followed managers and CRM sections to their accounts', async () => {
    const { section, bodies } = setup({
      follows: [
        { kind: 'filer', key: 'ACME CAPITAL', label: 'Acme', since: '2026-11-01T00:00:00.000Z' },
      ],
    });
    const filings = await section('New 13F filings');
    expect(filings).toHaveTextContent('1 followed manager');
    const moves = await section('Contact moves');
    expect(await within(moves).findByText('1 account followed')).toBeVisible();
    const sent = JSON.stringify(bodies().filter((body) => body.module === 'updates'));
    expect(sent).toContain('{"account__c":{"$equals":"001ACME"}}');
    const filed = JSON.stringify(bodies().filter((body) => body.module === '13f_holdings'));
    expect(filed).toContain('{"companyname":{"$equals":"ACME CAPITAL"}}');
  });

  it('shows the largest new positions of the latest quarter when no security is followed', async () => {
    const { section } = setup();
    const securities = await section('Largest new positions');
    expect(await within(securities).findByRole('link', { name: 'META' })).toBeVisible();
    expect(securities).toHaveTextContent('new at ACME CAPITAL');
  });

  it('reads the latest moves up to the latest complete quarter, not one a few filed', async () => {
    const { section, bodies } = setup({ completeQuarter: '2025-12-31' });
    await within(await section('Largest new positions')).findByRole('link', { name: 'META' });
    const latest = bodies().find(
      (body) => body.module === '13f_holdings' && body.filters?.fields?.join() === 'periodofreport',
    );
    expect(JSON.stringify(latest?.filters?.filter)).toContain(
      '{"periodofreport":{"$lte":"2025-12-31"}}',
    );
  });

  it('reads the filings once and, when the window has none, says so in the badge', async () => {
    const { section, bodies } = setup({ oldFilings: true });
    const filings = await section('New 13F filings');
    expect(await within(filings).findByLabelText('None in the window')).toHaveTextContent(
      '0 in window',
    );
    expect(filings).toHaveTextContent('None filed since Nov 18, 2026. The latest 1, filed before');
    expect(within(filings).getByRole('link', { name: 'ACME CAPITAL' })).toBeVisible();
    const reads = bodies().filter(
      (body) => body.module === '13f_holdings' && body.filters?.fields?.includes('filedat'),
    );
    expect(reads).toHaveLength(1);
  });

  it('shows the CRM sections’ skeletons while the followed managers’ accounts load', async () => {
    const { section, bodies } = setup({
      holdAccounts: true,
      follows: [
        { kind: 'filer', key: 'ACME CAPITAL', label: 'Acme', since: '2026-11-01T00:00:00.000Z' },
      ],
    });
    const moves = await section('Contact moves');
    expect(within(moves).getByRole('status', { name: 'Loading contact moves' })).toBeVisible();
    expect(moves).toHaveTextContent('Finding the followed managers’ accounts…');
    const changes = await section('Account changes');
    expect(within(changes).getByRole('status', { name: 'Loading account changes' })).toBeVisible();
    // Nothing is asked, or offered to open, for every account while the followed ones load.
    expect(bodies().filter((body) => body.module === 'updates')).toHaveLength(0);
    expect(within(moves).queryByRole('link', { name: /Open as a query/ })).toBeNull();
    expect(within(changes).queryByRole('link', { name: /Open as a query/ })).toBeNull();
  });

  it('narrows to a followed manager’s account kept with the follow, without looking it up', async () => {
    // The lookup would never answer: the feed must not wait for it.
    const { section, bodies } = setup({
      holdAccounts: true,
      follows: [
        {
          kind: 'filer',
          key: 'ACME CAPITAL',
          label: 'Acme',
          since: '2026-11-01T00:00:00.000Z',
          accountId: '001ACME',
        },
      ],
    });
    const moves = await section('Contact moves');
    expect(await within(moves).findByText('1 account followed')).toBeVisible();
    const sent = JSON.stringify(bodies().filter((body) => body.module === 'updates'));
    expect(sent).toContain('{"account__c":{"$equals":"001ACME"}}');
    const lookups = bodies().filter((body) => body.filters?.fields?.includes('service_account_id'));
    expect(lookups).toHaveLength(0);
  });
});
