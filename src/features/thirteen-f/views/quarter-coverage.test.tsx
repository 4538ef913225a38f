import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, filteringService, modulesService } from '../../../../testing/fake-fetch.ts';
import { renderInRouter } from '../../../../testing/render.tsx';
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';
import { session } from '../../../lib/api/services.ts';
import { QuarterView } from './quarter-view.tsx';
import type { ViewSource } from '../api/aggregate-queries.ts';

const Q3 = '2024-09-30';
const Q4 = '2024-12-31';
const Q1 = '2025-03-31';
const PLANTED = `PLANTED FUND ${DATA_QUALITY_DEMO_LABEL}`;

/** Who filed which quarter: DELTA stopped after Dec 31, GAMMA started at Mar 31. */
const FILED: Readonly<Record<string, readonly string[]>> = {
  [Q3]: ['ALPHA', 'BETA', 'DELTA'],
  [Q4]: ['ALPHA', 'BETA', 'DELTA', PLANTED],
  [Q1]: ['ALPHA', 'BETA', 'GAMMA', PLANTED],
};
const PERIODS = [Q3, Q4, Q1];

/** Each filer's quarters as `13f_filer_quarters` has them, the previous period filed too. */
const filerQuarters = PERIODS.flatMap((period, index) =>
  (FILED[period] ?? []).map((filer) => {
    const earlier = PERIODS.slice(0, index).filter((p) => FILED[p]?.includes(filer));
    return {
      companyname: filer,
      periodofreport: period,
      positions: 1,
      previousperiod: earlier.at(-1) ?? null,
    };
  }),
);

/** One share row per filing, for the vendor's path. */
const holdings = filerQuarters.map((filing) => ({
  companyname: filing.companyname,
  periodofreport: filing.periodofreport,
  cusip: '037833100',
  ticker: 'AAPL',
  nameofissuer: 'APPLE INC',
  value: 100,
  shrsorprnamt: 10,
  portfolio_pct_weight: 50,
  status: null,
  pct_change_qoq: null,
}));

function setup(source: ViewSource, period = Q1, filings = filerQuarters) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const answer =
    source === 'rows'
      ? filteringService(holdings)
      : modulesService({
          '13f_holdings': holdings,
          '13f_filer_quarters': filings,
          '13f_security_quarters': [],
        });
  const fake = fakeFetch({ '/index.php/api/service': answer });
  vi.stubGlobal('fetch', fake.fetch);
  renderInRouter(() => <QuarterView state={{ period }} onChange={vi.fn()} source={source} />);
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('QuarterView coverage', () => {
  it.each(['rows', 'aggregates'] as const)(
    'says how many managers filed and names the one without a filing, from %s',
    async (source) => {
      setup(source);
      // 3 of ALPHA, BETA, DELTA (Dec 31) and GAMMA (new); the planted filer is no manager.
      const note = await screen.findByLabelText(
        '3 of 4 managers filed: the quarter is incomplete. Without a filing: DELTA: no filing for this quarter in the data.',
      );
      expect(note).toHaveTextContent('3 of 4 managers filed');
    },
  );

  it('counts every quarter from the aggregates and reads names of the quarter shown alone', async () => {
    const fake = setup('aggregates');
    await screen.findByLabelText(/^3 of 4 managers filed/);
    const bodies = fake.calls.map((call) => JSON.parse(call.body) as Record<string, unknown>);
    const named = bodies.filter(
      (body) =>
        body.module === '13f_filer_quarters' &&
        JSON.stringify(body).includes('"fields":["companyname","periodofreport","positions"]'),
    );
    const periodsNamed = named.map((body) => JSON.stringify(body).match(/\d{4}-\d{2}-\d{2}/)?.[0]);
    // Mar 31 (and its Managers box) and Dec 31 for who is missing: never Sep 30's names.
    expect(new Set(periodsNamed)).toEqual(new Set([Q1, Q4]));
    const counted = bodies.filter((body) => body.count_only === true);
    expect(counted.every((body) => body.module === '13f_filer_quarters')).toBe(true);
    expect(counted.length).toBeGreaterThanOrEqual(PERIODS.length * 2);
  });

  it('counts a quarter older than the latest few when it is the one shown', async () => {
    // ALPHA and BETA file eight quarters; the view is opened on the first but one.
    const ends = ['2023-03-31', '2023-06-30', '2023-09-30', '2023-12-31', ...PERIODS, '2025-06-30'];
    const filings = ends.flatMap((period, index) =>
      ['ALPHA', 'BETA'].map((filer) => ({
        companyname: filer,
        periodofreport: period,
        positions: 1,
        previousperiod: ends[index - 1] ?? null,
      })),
    );
    setup('aggregates', '2023-06-30', filings);
    expect(await screen.findByText('2 of 2 managers filed')).toBeVisible();
  });

  it('counts the quarter shown by its managers’ names, two filers of one name as one', async () => {
    // A second ALPHA (another CIK) files Dec 31 and Mar 31: four filings, three managers.
    const twin = filerQuarters.filter(
      (filing) => filing.companyname === 'ALPHA' && filing.periodofreport !== Q3,
    );
    setup('aggregates', Q1, [...filerQuarters, ...twin]);
    expect(
      await screen.findByLabelText(
        '3 of 4 managers filed: the quarter is incomplete. Without a filing: DELTA: no filing for this quarter in the data.',
      ),
    ).toBeVisible();
  });
});
