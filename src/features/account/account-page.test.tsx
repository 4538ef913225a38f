import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, modulesService } from '../../../testing/fake-fetch.ts';
import type { FakeAnswer } from '../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { session } from '../../lib/api/services.ts';
import { AccountPage } from './account-page.tsx';

const QUERY = '/index.php/api/service';
const ID = '0015g00000Jm3MaAAJ';
const FILER = 'BERKSHIRE HATHAWAY INC';
const thirteenF = (period: string, cusip: string, value: number, status: string) => ({
  companyname: FILER,
  service_account_id: ID,
  service_account_name: FILER,
  service_investment_strategy_name: 'Berkshire Hathaway Equity Portfolio',
  periodofreport: period,
  filedat: '2026-02-17 00:00:00',
  nameofissuer: `ISSUER ${cusip}`,
  ticker: `T${cusip}`,
  cusip,
  value,
  status,
  pct_change_qoq: status === 'NEW' ? null : -5,
});
const records = {
  '13f_holdings': [
    thirteenF('2025-12-31', 'AAA', 600, 'NEW'),
    thirteenF('2025-12-31', 'BBB', 400, 'REDUCED'),
    thirteenF('2025-12-31', 'CCC', 0, 'SOLD OUT'),
    thirteenF('2025-09-30', 'BBB', 500, 'UNCHANGED'),
  ],
  accounthistory: [
    {
      accountid: ID,
      field: 'Name',
      datatype: 'Text',
      oldvalue: null,
      newvalue: FILER,
      createddate: '2025-01-02',
    },
    {
      accountid: ID,
      field: 'AUM__c',
      datatype: 'Currency',
      oldvalue: '5',
      newvalue: '1000',
      createddate: '2026-03-01',
    },
  ],
  investment_holdings: [
    {
      sfid: 'h1',
      name: 'Bond Fund',
      account__c: ID,
      asset_class__c: 'Fixed Income',
      fund_balance__c: 300,
    },
    {
      sfid: 'h2',
      name: 'Stock Fund',
      account__c: ID,
      asset_class__c: 'Equity',
      fund_balance__c: 100,
    },
  ],
  updates: [
    {
      sfid: 'u1',
      contact_name__c: 'Michael Walker',
      account__c: ID,
      role_change__c: true,
      job_change__c: false,
      field_name__c: 'Title',
      last_updated_date__c: '2026-10-30',
    },
  ],
  manager_presentation__c: [
    {
      name: 'Berkshire Hathaway Equity Portfolio – Q3 2025 Market Commentary',
      createddate: '2025-12-04T11:41:08Z',
      url: 'https://documents.example/a.pdf',
    },
    {
      name: 'Other firm – about Berkshire Hathaway Equity Portfolio',
      createddate: '2025-12-05T11:41:08Z',
    },
  ],
};

/** The account page over a fake service; `answer` may override a module's answers. */
function setup(id = ID, answer?: (module: string) => Response | undefined) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const service = modulesService(records);
  const answerOf: FakeAnswer = (call) => {
    const { module } = JSON.parse(call.body) as { module: string };
    return answer?.(module) ?? service(call);
  };
  vi.stubGlobal('fetch', fakeFetch({ [QUERY]: answerOf }).fetch);
  return renderInRouter(() => (
    <AccountPage id={id} period={undefined} onPeriod={() => undefined} />
  ));
}

const section = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  session.signOut();
  vi.unstubAllGlobals();
});

describe('the account page', () => {
  it('shows the account and every section with its count and real figures', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: FILER, level: 1 })).toBeVisible();
    expect(screen.getByText('$1,000')).toBeVisible();
    const filings = await section('13F filings');
    // The latest quarter: what it holds (the sold-out row holds nothing), and its changes.
    expect(await within(filings).findByText('$1,000')).toBeVisible();
    expect(within(filings).getByText(/1 new, 0 added, 1 reduced, 1 sold out/)).toBeVisible();
    expect(await within(filings).findByText('TAAA')).toBeVisible();
    const contacts = await section('Contacts’ updates');
    expect(await within(contacts).findAllByText('Michael Walker')).not.toHaveLength(0);
    const holdings = await section('Investment holdings');
    expect(await within(holdings).findByText('75%')).toBeVisible();
    const presentations = await section('Presentations');
    expect(
      await within(presentations).findByRole('link', { name: /Q3 2025 Market Commentary/ }),
    ).toBeVisible();
    expect(within(presentations).queryByText(/Other firm/)).toBeNull();
    expect(
      within(presentations).getByText(/names start with “BERKSHIRE HATHAWAY INC”/),
    ).toBeVisible();
    expect(
      within(await section('Account history')).getByRole('link', { name: /Open as a query/ }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/q\/accounthistory#s=/));
  });

  it('keeps a failing module inside its own section', async () => {
    setup(ID, (module) =>
      module === 'updates' ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    const contacts = await section('Contacts’ updates');
    expect(await within(contacts).findByRole('alert')).toBeVisible();
    expect(
      await within(await section('Investment holdings')).findByText('Bond Fund'),
    ).toBeVisible();
  });

  it('names the account from the 13F rows when its history is forbidden', async () => {
    setup(ID, (module) =>
      module === 'accounthistory' ? jsonResponse(403, { error: 'forbidden' }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: FILER, level: 1 })).toBeVisible();
    expect(await within(await section('Account history')).findByRole('alert')).toBeVisible();
  });

  it('names the account from its history and reads presentations when 13F fails', async () => {
    setup(ID, (module) =>
      module === '13f_holdings' ? jsonResponse(500, { error: 'boom' }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: FILER, level: 1 })).toBeVisible();
    expect(await within(await section('13F filings')).findByRole('alert')).toBeVisible();
    // Matched by the history's name alone (the strategy comes from 13F): read, not waiting.
    const presentations = await section('Presentations');
    expect(
      await within(presentations).findByText(/names start with “BERKSHIRE HATHAWAY INC”\./),
    ).toBeVisible();
    expect(
      await within(presentations).findByText('No presentation names this account or its strategy.'),
    ).toBeVisible();
  });

  it('says the name was not read when both reads fail', async () => {
    setup(ID, (module) =>
      module === '13f_holdings' || module === 'accounthistory'
        ? jsonResponse(500, { error: 'boom' })
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: `Account ${ID}`, level: 1 })).toBeVisible();
    expect(screen.getByText(/Name not read/)).toBeVisible();
  });

  it('says "No such account" for an ID no module knows', async () => {
    setup('0015g00000Zz99zAAZ');
    expect(await screen.findByRole('heading', { name: 'No such account' })).toBeVisible();
  });
});
