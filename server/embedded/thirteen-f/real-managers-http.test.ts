/*
 * An independent check of the real 13F data the demo serves: for every bundled filer, the
 * latest quarter filed by the demo's today is recomputed here from the shipped XML files
 * themselves — with a small parser of this file's own, not the importer's code or SQL — and
 * compared with what the embedded API serves over HTTP: total value exact to the dollar, the
 * ten largest positions' weights to 1e-9.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_AS_OF,
  SHIPPED_13F_DIR,
  startDemo13fServer,
} from '../../../testing/demo-13f-server.ts';
import type { Demo13fServer } from '../../../testing/demo-13f-server.ts';

const DATA_DIR = SHIPPED_13F_DIR;
const AS_OF = DEMO_AS_OF;

interface Manifest {
  readonly filer: string;
  readonly valueUnit?: 'USD' | 'USD_THOUSANDS';
  readonly filings: readonly {
    readonly file: string;
    readonly filingDate: string;
    readonly periodOfReport: string;
  }[];
}

/** One position: the rows of a filing with the same CUSIP and put/call, added up. */
interface Position {
  readonly cusip: string;
  readonly putCall: string | null;
  value: number;
}

/**
 * What a portfolio weight is a share of: the long value, share positions only (option rows
 * left out), as docs/thirteen-f.md states.
 */
function weightDenominator(positions: readonly Position[]): number {
  return positions
    .filter((position) => position.putCall === null)
    .reduce((sum, position) => sum + position.value, 0);
}

/** The text of one child element of an `infoTable` entry, with or without a namespace prefix. */
function field(entry: string, name: string): string | null {
  const match = new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(entry);
  return match?.[1]?.trim() ?? null;
}

/** A filing's positions, read from its (gzip-compressed) information-table XML. */
function positionsOf(file: string, multiplier: number): Position[] {
  const raw = readFileSync(file);
  const xml = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const positions = new Map<string, Position>();
  for (const [entry] of xml.matchAll(/<(?:\w+:)?infoTable>[\s\S]*?<\/(?:\w+:)?infoTable>/g)) {
    // The importer upper-cases CUSIPs and put/call; some filings carry lower-case CUSIPs.
    const cusip = (field(entry, 'cusip') ?? '').toUpperCase();
    const putCall = field(entry, 'putCall')?.toUpperCase() ?? null;
    const key = `${cusip}|${putCall ?? ''}`;
    const position = positions.get(key) ?? { cusip, putCall, value: 0 };
    position.value += Number(field(entry, 'value')) * multiplier;
    positions.set(key, position);
  }
  return [...positions.values()];
}

interface Expected {
  readonly filer: string;
  readonly period: string;
  readonly total: number;
  readonly positions: readonly Position[];
}

/** Every filing of every bundled filer made by the demo's today, recomputed from its XML. */
function expectedFilings(): Expected[] {
  return readdirSync(DATA_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = join(DATA_DIR, entry.name);
      const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest;
      const multiplier = manifest.valueUnit === 'USD_THOUSANDS' ? 1000 : 1;
      const filed = manifest.filings.filter((filing) => filing.filingDate <= AS_OF);
      // One original filing per quarter in this data; an amendment would need its own rules.
      const periods = new Set(filed.map((filing) => filing.periodOfReport));
      expect(periods.size, entry.name).toBe(filed.length);
      return filed.map((filing) => {
        const positions = positionsOf(join(folder, filing.file), multiplier);
        const total = positions.reduce((sum, position) => sum + position.value, 0);
        return { filer: manifest.filer, period: filing.periodOfReport, total, positions };
      });
    });
}

/** Of `filings`, each filer's latest quarter. */
function latestOf(filings: readonly Expected[]): Expected[] {
  const latest = new Map<string, Expected>();
  for (const filing of filings) {
    const known = latest.get(filing.filer);
    if (known === undefined || known.period < filing.period) latest.set(filing.filer, filing);
  }
  return [...latest.values()];
}

/**
 * The shipped CUSIP→ticker map, read here on its own. Keys are case-sensitive in the file; the
 * importer upper-cases filed CUSIPs, so the served rows are looked up by upper case.
 */
function tickerMap(): Map<string, string> {
  const map = new Map<string, string>();
  const lines = readFileSync(join(DATA_DIR, 'cusip-tickers.csv'), 'utf8').trim().split('\n');
  for (const line of lines.slice(1)) {
    const [cusip = '', ticker = ''] = line.split(',');
    // A CUSIP listed twice (in two cases): the first listing counts, as in the server.
    if (!map.has(cusip.toUpperCase())) map.set(cusip.toUpperCase(), ticker);
  }
  return map;
}

interface Served {
  readonly cusip: string;
  readonly ticker: string | null;
  readonly nameofissuer: string;
  readonly value: number;
  readonly portfolio_pct_weight: number | null;
  readonly status: string | null;
  readonly putcall: string | null;
}

let demo: Demo13fServer;

beforeAll(async () => {
  // The whole demo, loaded as `npm start` loads it, on the test's fixed today.
  demo = await startDemo13fServer();
});
afterAll(() => demo.server.close());

async function served(filer: string, period: string): Promise<Served[]> {
  const rows = (await demo.records({
    fields: [
      'cusip',
      'ticker',
      'nameofissuer',
      'value',
      'portfolio_pct_weight',
      'status',
      'putcall',
    ],
    filter: [{ companyname: { $equals: filer } }, { periodofreport: { $equals: period } }],
    max_num: '1000',
  })) as unknown as Served[];
  return rows.filter((row) => row.status !== 'SOLD OUT');
}

describe('the bundled real filers, recomputed from their XML files', () => {
  const filings = expectedFilings();
  const funds = latestOf(filings);
  const tickers = tickerMap();

  it('covers Berkshire Hathaway and the 36 managers', () => {
    expect(funds).toHaveLength(37);
  });

  it.each(funds.map((fund) => [fund.filer, fund] as const))(
    '%s: total value and top-10 weights of the latest quarter',
    async (_name, fund) => {
      const rows = await served(fund.filer, fund.period);
      expect(rows).toHaveLength(fund.positions.length);
      expect(rows.reduce((sum, row) => sum + row.value, 0)).toBe(fund.total);
      const denominator = weightDenominator(fund.positions);
      const top = [...fund.positions].sort((a, b) => b.value - a.value).slice(0, 10);
      for (const position of top) {
        const row = rows.find((r) => r.cusip === position.cusip && r.putcall === position.putCall);
        expect(row, `${position.cusip} ${String(position.putCall)}`).toBeDefined();
        expect(row?.value).toBe(position.value);
        if (denominator === 0 || position.putCall !== null) {
          // No long value (a placeholder row, or options only), or an option (a notional): no
          // weight.
          expect(row?.portfolio_pct_weight).toBeNull();
          continue;
        }
        const weight = (position.value / denominator) * 100;
        expect(Math.abs((row?.portfolio_pct_weight ?? Number.NaN) - weight)).toBeLessThan(1e-9);
      }
    },
  );

  it('serves every filing with share weights adding up to 100 % and no weight on an option', async () => {
    expect(filings.length).toBeGreaterThan(300);
    for (const filing of filings) {
      const label = `${filing.filer} ${filing.period}`;
      const rows = await served(filing.filer, filing.period);
      expect(rows, label).toHaveLength(filing.positions.length);
      const options = rows.filter((row) => row.putcall !== null);
      expect(options.length, label).toBe(filing.positions.filter((p) => p.putCall !== null).length);
      for (const option of options) expect(option.portfolio_pct_weight, label).toBeNull();
      if (weightDenominator(filing.positions) === 0) continue;
      const shares = rows.filter((row) => row.putcall === null);
      const sum = shares.reduce((total, row) => total + (row.portfolio_pct_weight ?? 0), 0);
      expect(Math.abs(sum - 100), label).toBeLessThan(0.01);
    }
  });

  // A CUSIP the map lacks has no ticker, and the charts then label it by the issuer's name.
  it.each(funds.map((fund) => [fund.filer, fund] as const))(
    '%s: the map’s ticker for every CUSIP it knows, else an issuer name',
    async (_name, fund) => {
      for (const row of await served(fund.filer, fund.period)) {
        expect(row.ticker, row.cusip).toBe(tickers.get(row.cusip) ?? null);
        expect(row.nameofissuer.trim(), row.cusip).not.toBe('');
      }
    },
  );
});
