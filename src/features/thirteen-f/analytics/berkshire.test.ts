/*
 * The analytics against the real Berkshire Hathaway 13F filings, served by the real embedded
 * API in this process and read over HTTP. No mocks: the figures come from SEC's files, the
 * shared data README and the server's SQL derivation (an independent implementation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptResponse } from '#contract/response';
import type { ServiceRecord } from '#contract/response';
import { startTestServer } from '../../../../testing/api-server.ts';
import type { TestServer } from '../../../../testing/api-server.ts';
import { ANALYST } from '../../../../testing/fixtures.ts';
import {
  BERKSHIRE_MANIFEST,
  loadBerkshire,
  readInfoTableXml,
} from '../../../../testing/thirteen-f.ts';
import manifest from '../../../../data/13f/berkshire-hathaway/manifest.json';
import {
  changesFromServed,
  filersAndPeriods,
  holdingsChanges,
  issuerHistory,
  portfolioWeights,
  previousQuarterEnd,
  STATUS_ORDER,
  totalsByPeriod,
  toPositions,
} from './analytics.ts';
import type { Position } from './analytics.ts';
import { flagsByRow } from './flags.ts';

const FILER = 'BERKSHIRE HATHAWAY INC';
const APPLE_CUSIP = '037833100';
const BASE_FIELDS = [
  'companyname',
  'periodofreport',
  'filedat',
  'nameofissuer',
  'ticker',
  'cusip',
  'value',
  'shrsorprnamt',
];
const SERVED_FIELDS = [...BASE_FIELDS, 'portfolio_pct_weight', 'status', 'pct_change_qoq'];

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ users: [ANALYST], loadData: loadBerkshire });
  token = await server.tokenFor(ANALYST);
});
afterAll(() => server.close());

async function query(filters: Record<string, unknown>): Promise<ServiceRecord[]> {
  const answer = await server.query({ module: '13f_holdings', filters }, token);
  expect(answer.status).toBe(200);
  const adapted = adaptResponse(answer.body);
  if (adapted.kind !== 'rows') throw new Error(`expected rows, got ${adapted.kind}`);
  return adapted.rows;
}

/** Berkshire's rows, one period or all, with exactly these fields. */
const berkshire = (fields: readonly string[], period?: string) =>
  query({
    fields,
    filter: [
      { companyname: { $equals: FILER } },
      ...(period ? [{ periodofreport: { $equals: period } }] : []),
    ],
    max_num: '-1',
  });

/** An information table as filed, each entry as a row of its own (no aggregation). */
async function rawRows(filingDate: string, period: string): Promise<ServiceRecord[]> {
  const rows: ServiceRecord[] = [];
  const file = BERKSHIRE_MANIFEST.replace(/manifest\.json$/, `${filingDate}.xml`);
  for await (const entry of readInfoTableXml(file)) {
    rows.push({
      companyname: FILER,
      periodofreport: period,
      nameofissuer: entry.nameOfIssuer,
      cusip: entry.cusip,
      value: entry.value,
      shrsorprnamt: entry.shares,
    });
  }
  return rows;
}

const apple = (positions: readonly Position[]) =>
  positions.find((position) => position.cusip === APPLE_CUSIP);

const stringified = (rows: readonly ServiceRecord[]) =>
  rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        typeof value === 'number' ? String(value) : value,
      ]),
    ),
  );

/** The shared README's independent figures (sums and weights after aggregating by CUSIP). */
const FIGURES = [
  {
    period: '2022-12-31',
    filed: '2023-02-14',
    total: 299_007_622_119,
    appleShares: 895_136_175,
    appleWeight: 38.897,
  },
  {
    period: '2024-06-30',
    filed: '2024-08-14',
    total: 279_969_062_343,
    appleShares: 400_000_000,
    appleWeight: 30.0919,
  },
] as const;

describe.each(FIGURES)('portfolio of $period (filed $filed)', (figures) => {
  const expectFigures = (positions: Position[], source: 'served' | 'derived', label = 'AAPL') => {
    const weights = portfolioWeights(positions, 10);
    expect(weights.weightSource).toBe(source);
    expect(weights.total).toBe(figures.total);
    expect(apple(positions)?.shares).toBe(figures.appleShares);
    expect(weights.top[0]).toMatchObject({ cusip: APPLE_CUSIP, label });
    expect(weights.top[0]?.weight).toBeCloseTo(figures.appleWeight, 4);
    return weights;
  };

  it('reproduces total, Apple shares and weight from served weights', async () => {
    const rows = await berkshire([...BASE_FIELDS, 'portfolio_pct_weight'], figures.period);
    expectFigures(toPositions(rows), 'served');
    expectFigures(toPositions(stringified(rows)), 'served');
  });

  it('derives the same from values when the weight field is not fetched', async () => {
    const served = portfolioWeights(
      toPositions(await berkshire([...BASE_FIELDS, 'portfolio_pct_weight'], figures.period)),
      10,
    );
    const derived = expectFigures(
      toPositions(await berkshire(BASE_FIELDS, figures.period)),
      'derived',
    );
    expect(derived.positionCount).toBe(served.positionCount);
    expect(derived.top10Weight).toBeCloseTo(served.top10Weight, 9);
    expect(derived.other.weight).toBeCloseTo(served.other.weight, 9);
    expect(derived.top.map((slice) => slice.cusip)).toEqual(served.top.map((slice) => slice.cusip));
  });

  it('aggregates the raw information table by CUSIP to the same figures', async () => {
    const rows = await rawRows(figures.filed, figures.period);
    const positions = toPositions(rows);
    // Real filings list one security on many rows (one per group of other managers).
    expect(rows.length).toBeGreaterThan(positions.length * 2);
    const appleRows = rows.filter((row) => row.cusip === APPLE_CUSIP);
    expect(appleRows.length).toBeGreaterThan(1);
    // SEC's tables carry no ticker, so the label falls back to the issuer.
    const weights = expectFigures(positions, 'derived', 'APPLE INC');
    expect(weights.positionCount).toBe(new Set(rows.map((row) => row.cusip)).size);
    // The served table has one row per held CUSIP (plus zero-share SOLD OUT rows).
    const served = toPositions(await berkshire(BASE_FIELDS, figures.period));
    expect(weights.positionCount).toBe(served.filter((p) => (p.shares ?? 0) > 0).length);
  });
});

describe('the Berkshire filings over time', () => {
  it('lists the one filer and its thirteen periods, counted as the server counts them', async () => {
    const { filers, periods, pairs } = filersAndPeriods(toPositions(await berkshire(BASE_FIELDS)));
    expect(filers).toEqual([FILER]);
    expect(periods).toHaveLength(13);
    expect(periods[0]).toBe('2025-12-31');
    expect(periods.at(-1)).toBe('2022-12-31');
    // Consecutive quarters: each period's previous quarter end is the next one in the list.
    for (const [index, period] of periods.slice(0, -1).entries())
      expect(previousQuarterEnd(period)).toBe(periods[index + 1]);
    for (const pair of pairs) {
      const answer = await server.query(
        {
          module: '13f_holdings',
          count_only: true,
          filters: {
            filter: [
              { companyname: { $equals: pair.filer } },
              { periodofreport: { $equals: pair.period } },
            ],
          },
        },
        token,
      );
      expect(adaptResponse(answer.body)).toEqual({ kind: 'count', count: pair.positions });
    }
  });

  it('totals every period as the sum of its raw information table', async () => {
    const totals = totalsByPeriod(toPositions(await berkshire(BASE_FIELDS)));
    expect(totals.map((entry) => entry.period)).toEqual(
      manifest.filings.map((filing) => filing.periodOfReport),
    );
    for (const filing of manifest.filings) {
      const rows = await rawRows(filing.filingDate, filing.periodOfReport);
      const entry = totals.find((total) => total.period === filing.periodOfReport);
      expect(entry).toEqual({
        filer: FILER,
        period: filing.periodOfReport,
        total: rows.reduce((sum, row) => sum + Number(row.value), 0),
        positions: new Set(rows.map((row) => row.cusip)).size,
      });
    }
    // The data README's totals of the three latest filings.
    expect(totals.slice(-3).map(({ total, positions }) => [total, positions])).toEqual([
      [257_521_776_925, 41],
      [267_334_501_955, 41],
      [274_160_086_701, 42],
    ]);
  });

  it("follows Apple's shares and weight through the thirteen quarters", async () => {
    const served = issuerHistory(
      toPositions(await berkshire([...BASE_FIELDS, 'portfolio_pct_weight'])),
      APPLE_CUSIP,
    );
    const withoutWeights = toPositions(await berkshire(BASE_FIELDS));
    expect(issuerHistory(withoutWeights, APPLE_CUSIP).every((entry) => entry.weight === null)).toBe(
      true,
    );
    const derived = issuerHistory(withoutWeights, APPLE_CUSIP, true);
    expect(derived.map((entry) => entry.period)).toEqual(served.map((entry) => entry.period));
    expect(served).toHaveLength(13);
    for (const [index, entry] of derived.entries()) {
      expect(entry.shares).toBe(served[index]?.shares);
      expect(entry.weight).toBeCloseTo(served[index]?.weight ?? Number.NaN, 9);
    }
    expect(served[0]).toMatchObject({ period: '2022-12-31', shares: 895_136_175 });
    expect(served.find((entry) => entry.period === '2024-06-30')?.shares).toBe(400_000_000);
    // The data README's figures for the three latest filings.
    expect(served.slice(-3).map((entry) => entry.shares)).toEqual([
      280_000_000, 238_212_764, 227_917_808,
    ]);
  });
});

describe('quarter over quarter, derived here vs served by the server', () => {
  const periods = manifest.filings.map((filing) => filing.periodOfReport);
  const quarterPairs = periods
    .slice(1)
    .map((period, index) => [period, periods[index] ?? ''] as const);

  it.each(quarterPairs)(
    '%s vs %s: every CUSIP gets the status and share change the server derives',
    async (period, previousPeriod) => {
      const [current, previous, served] = await Promise.all([
        berkshire(BASE_FIELDS, period),
        berkshire(BASE_FIELDS, previousPeriod),
        berkshire(['cusip', 'status', 'pct_change_qoq'], period),
      ]);
      const { changes, unclassified } = holdingsChanges(
        toPositions(current),
        toPositions(previous),
      );
      expect(unclassified).toBe(0);
      expect(changes.map((change) => change.cusip).sort()).toEqual(
        served.map((row) => String(row.cusip)).sort(),
      );
      for (const row of served) {
        const change = changes.find((candidate) => candidate.cusip === row.cusip);
        expect(change?.status, String(row.cusip)).toBe(row.status);
        if (row.pct_change_qoq === null) expect(change?.shareChangePct).toBeNull();
        else expect(change?.shareChangePct).toBeCloseTo(Number(row.pct_change_qoq), 9);
        expect(change?.derived).toBe(true);
      }
    },
  );
});

describe('Q2 2024 (2024-06-30 vs 2024-03-31)', () => {
  const changesOfQ2 = async () =>
    holdingsChanges(
      toPositions(await berkshire(BASE_FIELDS, '2024-06-30')),
      toPositions(await berkshire(BASE_FIELDS, '2024-03-31')),
    );
  const tickers = (changes: readonly { status: string; label: string }[], status: string) =>
    changes
      .filter((change) => change.status === status)
      .map((change) => change.label)
      .sort();

  it('finds Ulta and HEICO new, Snowflake and Paramount sold, Apple halved', async () => {
    const { changes, totalBefore, totalAfter } = await changesOfQ2();
    expect(totalAfter).toBe(279_969_062_343);
    expect(totalBefore).toBe(
      (await rawRows('2024-05-15', '2024-03-31')).reduce((sum, row) => sum + Number(row.value), 0),
    );
    expect(tickers(changes, 'NEW')).toEqual(['HEI.A', 'ULTA']);
    expect(tickers(changes, 'SOLD OUT')).toEqual(['PARA', 'SNOW']);
    const appleChange = changes.find((change) => change.cusip === APPLE_CUSIP);
    expect(appleChange).toMatchObject({
      status: 'REDUCED',
      sharesBefore: 789_368_450,
      sharesAfter: 400_000_000,
    });
    expect(appleChange?.shareChangePct).toBeCloseTo(-49.33, 2);
    // Selling ~389M shares at the March price (~$171) is ~20 % of the March portfolio.
    expect(appleChange?.impact).toBeCloseTo(20.13, 2);
    const snowflake = changes.find((change) => change.label === 'SNOW');
    expect(snowflake).toMatchObject({ sharesAfter: 0, valueAfter: 0, priceEffect: 0 });
    expect(snowflake?.quantityEffect).toBe(-(snowflake?.valueBefore ?? Number.NaN));
    const ulta = changes.find((change) => change.label === 'ULTA');
    expect(ulta?.quantityEffect).toBe(ulta?.valueAfter);
    expect(ulta?.shareChangePct).toBeNull();
  });

  it('splits every value change into quantity and price effects that add up', async () => {
    const { changes } = await changesOfQ2();
    expect(changes).toHaveLength(43);
    for (const change of changes) {
      const { quantityEffect, priceEffect, valueBefore, valueAfter } = change;
      if (quantityEffect === null || priceEffect === null) throw new Error(change.label);
      const expected = (valueAfter ?? Number.NaN) - (valueBefore ?? Number.NaN);
      // Within a cent on positions worth up to $135bn.
      expect(Math.abs(quantityEffect + priceEffect - expected), change.label).toBeLessThan(0.01);
      if (change.status === 'UNCHANGED') expect(quantityEffect).toBe(0);
    }
  });

  it('lists groups in STATUS_ORDER, each largest impact first', async () => {
    const { changes } = await changesOfQ2();
    const ranks = changes.map((change) => STATUS_ORDER.indexOf(change.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const [index, change] of changes.slice(1).entries()) {
      const before = changes[index];
      if (before?.status === change.status)
        expect(before.impact).toBeGreaterThanOrEqual(change.impact);
    }
    expect(changes.find((change) => change.status === 'REDUCED')?.label).toBe('AAPL');
  });

  it('gives the same statuses from the served fields alone', async () => {
    const served = changesFromServed(toPositions(await berkshire(SERVED_FIELDS, '2024-06-30')));
    const { changes } = await changesOfQ2();
    expect(served.map((change) => [change.cusip, change.status]).sort()).toEqual(
      changes.map((change) => [change.cusip, change.status]).sort(),
    );
    for (const change of served) {
      expect(change).toMatchObject({ derived: false, quantityEffect: null, priceEffect: null });
      const derived = changes.find((candidate) => candidate.cusip === change.cusip);
      if (change.shareChangePct === null) expect(derived?.shareChangePct).toBeNull();
      else expect(change.shareChangePct).toBeCloseTo(derived?.shareChangePct ?? Number.NaN, 9);
    }
    // Without the March figures the impact is an estimate: |Δ%| × the June weight.
    const appleChange = served.find((change) => change.cusip === APPLE_CUSIP);
    expect(appleChange?.impact).toBeCloseTo((49.3333 * 30.0919) / 100, 2);
    // A new position's impact is its weight, exactly what the values give.
    const ulta = served.find((change) => change.label === 'ULTA');
    const derivedUlta = changes.find((change) => change.label === 'ULTA');
    expect(ulta?.impact).toBeCloseTo(derivedUlta?.impact ?? Number.NaN, 9);
  });
});

describe('data-quality flags on the real filings', () => {
  it('flags nothing: all thirteen filings came in dollars, each by its deadline', async () => {
    // Twelve exactly 45 days after the quarter; Q4 2025's on Tue Feb 17, 2026, the 45th day
    // being a Saturday and the Monday Presidents' Day.
    const late = manifest.filings.filter((filing) => {
      const days =
        (Date.parse(`${filing.filingDate}T00:00:00Z`) -
          Date.parse(`${filing.periodOfReport}T00:00:00Z`)) /
        86_400_000;
      return days !== 45;
    });
    expect(late.map((filing) => filing.filingDate)).toEqual(['2026-02-17']);
    const rows = await berkshire(SERVED_FIELDS);
    expect(rows.length).toBeGreaterThan(400);
    expect(flagsByRow(rows).size).toBe(0);
  });

  it('catches a previous quarter whose values were left in thousands', async () => {
    const june = await berkshire(BASE_FIELDS, '2024-06-30');
    const march = (await berkshire(BASE_FIELDS, '2024-03-31')).map((row) => ({
      ...row,
      value: Number(row.value) / 1000,
    }));
    const flags = flagsByRow(june, march);
    // Every position held in both quarters, and nothing else, has a jumping price.
    const held = (rows: readonly ServiceRecord[]) =>
      new Set(rows.filter((row) => Number(row.shrsorprnamt) > 0).map((row) => row.cusip));
    const heldMarch = held(march);
    expect([...flags.keys()].map((row) => row.cusip).sort()).toEqual(
      [...held(june)].filter((cusip) => heldMarch.has(cusip)).sort(),
    );
    const appleRow = june.find((row) => row.cusip === APPLE_CUSIP);
    const appleFlags = appleRow ? flags.get(appleRow) : undefined;
    expect(appleFlags).toHaveLength(1);
    expect(appleFlags?.[0]?.kind).toBe('price-jump');
    // $171.48 in March (as $0.17 in thousands) to $210.62 in June: ×1,228.
    expect(appleFlags?.[0]?.message).toMatch(
      /from \$0\.17 to \$210\.62 \(×1,228\.\d\).*thousands\/dollars unit error/,
    );
    // The same when both quarters arrive as one multi-period result.
    const together = flagsByRow([...june, ...march]);
    for (const row of june) expect(together.get(row)).toEqual(flags.get(row));
    for (const row of march) expect(together.has(row)).toBe(false);
  });
});
