/*
 * The 13F aggregates on the real data the demo serves, against what the browser's own analytics
 * (the views' code: securityByQuarter, quarterAcrossManagers, longValue, portfolioWeights) make
 * of every served 13F row: for every quarter and CUSIP, and for every filer and quarter, over
 * HTTP. Which filer-quarters exist is checked against the shipped manifests as well, which
 * neither the importer nor the SQL wrote.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '#contract/catalog';
import { isDataQualityDemo } from '#contract/demo-filers';
import type { ServiceRecord } from '#contract/response';
import {
  DEMO_AS_OF,
  SHIPPED_13F_DIR,
  startDemo13fServer,
} from '../../../testing/demo-13f-server.ts';
import type { Demo13fServer } from '../../../testing/demo-13f-server.ts';
import { ANALYST } from '../../../testing/fixtures.ts';
import {
  quarterAcrossManagers,
  securityByQuarter,
} from '../../../src/features/thirteen-f/analytics/across-managers.ts';
import { portfolioWeights } from '../../../src/features/thirteen-f/analytics/analytics.ts';
import {
  isHeld,
  longValue,
  toPositions,
} from '../../../src/features/thirteen-f/analytics/positions.ts';
import type { Position } from '../../../src/features/thirteen-f/analytics/positions.ts';
import { AGGREGATE_ROW_FIELDS } from '../../../src/features/thirteen-f/api/aggregate-reads.ts';

let demo: Demo13fServer;
let positions: Position[];
let securities: ServiceRecord[];
let filers: ServiceRecord[];

/** Every row of a module, page by page, as the analyst reads them. */
async function everyRow(module: string, fields?: readonly string[]): Promise<ServiceRecord[]> {
  const token = await demo.server.tokenFor(ANALYST);
  const rows: ServiceRecord[] = [];
  for (let offset = 0; offset >= 0;) {
    const answer = await demo.server.query(
      { module, filters: { ...(fields && { fields }), max_num: '20000', offset: String(offset) } },
      token,
    );
    expect(answer.status).toBe(200);
    const page = answer.body as { records: ServiceRecord[]; next_offset: number };
    rows.push(...page.records);
    offset = page.next_offset;
  }
  return rows;
}

beforeAll(async () => {
  demo = await startDemo13fServer();
  positions = toPositions(await everyRow('13f_holdings', AGGREGATE_ROW_FIELDS));
  securities = await everyRow(
    '13f_security_quarters',
    CATALOG['13f_security_quarters'].fields.map((field) => field.name),
  );
  filers = await everyRow(
    '13f_filer_quarters',
    CATALOG['13f_filer_quarters'].fields.map((field) => field.name),
  );
});
afterAll(() => demo.server.close());

/** The share figures of a security-quarter the views compute from rows. */
const SHARE_FIGURES = [
  'holders',
  'shares',
  'value',
  'buyers',
  'sellers',
  'notfiled',
  'newtodata',
  'steadyholders',
  'steadyshares',
  'steadyvalue',
  'new',
  'added',
  'reduced',
  'soldout',
  'unchanged',
] as const;

/** `items` by `keyOf`, in their order (Map.groupBy is past this project's library target). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const at = keyOf(item);
    const group = groups.get(at);
    if (group) group.push(item);
    else groups.set(at, [item]);
  }
  return groups;
}

const key = (...parts: readonly unknown[]) => parts.map(String).join('|');

/** Options apart: the summed notional and the count of held puts or calls, per period and CUSIP. */
function optionTotals(managers: readonly Position[], option: 'Put' | 'Call') {
  const totals = new Map<string, { holders: number; notional: number }>();
  for (const position of managers) {
    if (position.option !== option || !isHeld(position)) continue;
    const at = key(position.period, position.cusip);
    const total = totals.get(at) ?? { holders: 0, notional: 0 };
    total.holders += 1;
    total.notional += position.value ?? 0;
    totals.set(at, total);
  }
  return totals;
}

describe('13f_security_quarters: every CUSIP of every quarter, as the views compute it', () => {
  it('holds what securityByQuarter and quarterAcrossManagers make of the rows', () => {
    // The views count the planted data-quality filer nowhere across managers.
    const managers = positions.filter((position) => !isDataQualityDemo(position.filer));
    const byCusip = groupBy(
      managers.filter((position) => position.option === null),
      (position) => position.cusip,
    );
    const expected = new Map<string, Record<string, number>>();
    for (const [cusip, ofCusip] of byCusip) {
      for (const quarter of securityByQuarter(ofCusip, cusip)) {
        const now = ofCusip.filter((position) => position.period === quarter.period);
        const count = (status: string) => now.filter((p) => p.status === status).length;
        expected.set(key(quarter.period, cusip), {
          holders: quarter.holders,
          shares: quarter.shares,
          value: quarter.value,
          buyers: quarter.buyers,
          sellers: quarter.sellers,
          notfiled: quarter.notFiled.count,
          newtodata: quarter.newToData.count,
          steadyholders: quarter.steady.holders,
          steadyshares: quarter.steady.shares,
          steadyvalue: quarter.steady.value,
          new: count('NEW'),
          added: count('ADDED'),
          reduced: count('REDUCED'),
          soldout: count('SOLD OUT'),
          unchanged: count('UNCHANGED'),
        });
      }
    }
    // A quarter with options only has no row of the shares, hence no figure of them.
    const served = new Map(
      securities
        .filter((row) => Number(row.filers) > 0)
        .map((row) => [
          key(row.periodofreport, row.cusip),
          Object.fromEntries(SHARE_FIGURES.map((name) => [name, row[name]])),
        ]),
    );
    // Thousands of security-quarters (5,000 odd when this was written).
    expect(expected.size).toBeGreaterThan(3000);
    expect(served).toEqual(expected);
  });

  it('ranks each quarter’s buying, selling and holding with the combined values the lists show', () => {
    const managers = positions.filter((position) => !isDataQualityDemo(position.filer));
    const periods = [...new Set(managers.map((position) => position.period))];
    for (const period of periods) {
      const lists = quarterAcrossManagers(managers, period, { limit: Number.MAX_SAFE_INTEGER });
      const inPeriod = securities.filter((row) => row.periodofreport === period);
      const figures = (count: string, value: string) =>
        new Map(
          inPeriod
            .filter((row) => Number(row[count]) > 0)
            .map((row) => [String(row.cusip), [row[count], row[value]]]),
        );
      const listed = (
        list: readonly { cusip: string; managers: readonly string[]; value: number }[],
      ) => new Map(list.map((entry) => [entry.cusip, [entry.managers.length, entry.value]]));
      expect(figures('buyers', 'buyersvalue'), period).toEqual(listed(lists.mostBought));
      expect(figures('sellers', 'sellersvalue'), period).toEqual(listed(lists.mostSold));
      expect(figures('holders', 'value'), period).toEqual(listed(lists.consensus));
    }
    expect(periods.length).toBeGreaterThan(10);
  });

  it('counts options apart: holders of puts and calls and their notional', () => {
    const managers = positions.filter((position) => !isDataQualityDemo(position.filer));
    for (const option of ['Put', 'Call'] as const) {
      const column = option === 'Put' ? 'put' : 'call';
      const expected = optionTotals(managers, option);
      const served = new Map(
        securities
          .filter((row) => Number(row[`${column}holders`]) > 0)
          .map((row) => [
            key(row.periodofreport, row.cusip),
            { holders: row[`${column}holders`], notional: row[`${column}notional`] },
          ]),
      );
      expect(expected.size).toBeGreaterThan(5);
      expect(served).toEqual(expected);
    }
  });
});

/** Every filing of the shipped manifests made by the demo's day, as "filer|period". */
function shippedFilerQuarters(): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(SHIPPED_13F_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const manifest = JSON.parse(
      readFileSync(join(SHIPPED_13F_DIR, entry.name, 'manifest.json'), 'utf8'),
    ) as { filer: string; filings: { filingDate: string; periodOfReport: string }[] };
    for (const filing of manifest.filings)
      if (filing.filingDate <= DEMO_AS_OF) found.add(key(manifest.filer, filing.periodOfReport));
  }
  return found;
}

describe('13f_filer_quarters: every filer and quarter it filed', () => {
  it('has a row for exactly the quarters each real manager filed, as the manifests list them', () => {
    const served = filers
      .filter((row) => !isDataQualityDemo(String(row.companyname)))
      .map((row) => key(row.companyname, row.periodofreport));
    expect(new Set(served).size).toBe(served.length);
    expect(new Set(served)).toEqual(shippedFilerQuarters());
  });

  it('holds the long value, positions, options and top-10 concentration the filer charts compute', () => {
    const byFilerQuarter = groupBy(positions, (position) => key(position.filer, position.period));
    expect(filers.length).toBe(byFilerQuarter.size);
    for (const row of filers) {
      const at = key(row.companyname, row.periodofreport);
      const own = byFilerQuarter.get(at) ?? [];
      const shares = own.filter((position) => position.option === null);
      const options = own.filter((position) => position.option !== null && isHeld(position));
      const weights = portfolioWeights(own, 10);
      expect(
        [row.longvalue, row.positions, row.optionpositions, row.optionsnotional, row.soldout],
        at,
      ).toEqual([
        longValue(own) ?? 0,
        shares.filter(isHeld).length,
        options.length,
        options.reduce((total, position) => total + (position.value ?? 0), 0),
        shares.filter((position) => position.status === 'SOLD OUT').length,
      ]);
      if (weights.total === null || weights.total <= 0) expect(row.top10pct, at).toBeNull();
      else expect(row.top10pct as number, at).toBeCloseTo(weights.top10Weight, 9);
    }
  });
});
