/*
 * An independent check of the cross-manager aggregations on the demo's real filings: for one
 * quarter, who bought, who holds and how many hold Apple are recomputed here from the shipped
 * XML files with a small parser of this file's own (not the importer's code, not its SQL, not
 * positions.ts), and compared with what the views make of what the embedded service serves over
 * HTTP, both ways they read it: `quarterAcrossManagers` over the quarter's rows (as against the
 * vendor), and `quarterFromAggregates` over the service's aggregates. The two paths are then
 * compared with each other on every quarter of the data, as the views show them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDataQualityDemo } from '#contract/demo-filers';
import type { ServiceRecord } from '#contract/response';
import {
  DEMO_AS_OF,
  SHIPPED_13F_DIR,
  startDemo13fServer,
} from '../../../testing/demo-13f-server.ts';
import type { Demo13fServer } from '../../../testing/demo-13f-server.ts';
import {
  quarterAcrossManagers,
  securityByQuarter,
  securityHolders,
} from '../../../src/features/thirteen-f/analytics/across-managers.ts';
import type { QuarterAcrossManagers } from '../../../src/features/thirteen-f/analytics/across-managers.ts';
import { toPositions } from '../../../src/features/thirteen-f/analytics/positions.ts';
import {
  AGGREGATE_ROW_FIELDS,
  securityQuarters,
} from '../../../src/features/thirteen-f/api/aggregate-reads.ts';
import { quarterFromAggregates } from '../../../src/features/thirteen-f/api/quarter-aggregates.ts';

const DATA_DIR = SHIPPED_13F_DIR;
const AS_OF = DEMO_AS_OF;
const PERIOD = '2025-09-30';
const PREVIOUS = '2025-06-30';
const APPLE = '037833100';

interface Manifest {
  readonly filer: string;
  readonly filings: readonly { file: string; filingDate: string; periodOfReport: string }[];
}

/** A filing's shares by security ("CUSIP", or "CUSIP Put"/"CUSIP Call" for an option). */
function sharesOf(file: string): Map<string, number> {
  const raw = readFileSync(file);
  const xml = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const text = (entry: string, name: string) =>
    new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(entry)?.[1]?.trim();
  const shares = new Map<string, number>();
  for (const [entry] of xml.matchAll(/<(?:\w+:)?infoTable>[\s\S]*?<\/(?:\w+:)?infoTable>/g)) {
    const cusip = (text(entry, 'cusip') ?? '').toUpperCase();
    const putCall = text(entry, 'putCall')?.toUpperCase();
    const key = putCall === 'PUT' ? `${cusip} Put` : putCall === 'CALL' ? `${cusip} Call` : cusip;
    shares.set(key, (shares.get(key) ?? 0) + Number(text(entry, 'sshPrnamt')));
  }
  return shares;
}

interface Quarter {
  readonly filer: string;
  readonly now: Map<string, number>;
  /** The quarter before, when the filer reported it. */
  readonly before: Map<string, number> | undefined;
}

/** Every bundled filer that reported PERIOD, with the quarter before when it reported that too. */
function quarters(): Quarter[] {
  const found: Quarter[] = [];
  for (const entry of readdirSync(DATA_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(DATA_DIR, entry.name);
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest;
    const filed = manifest.filings.filter((filing) => filing.filingDate <= AS_OF);
    const file = (period: string) => filed.find((filing) => filing.periodOfReport === period)?.file;
    const now = file(PERIOD);
    if (now === undefined) continue;
    const before = file(PREVIOUS);
    found.push({
      filer: manifest.filer,
      now: sharesOf(join(folder, now)),
      before: before === undefined ? undefined : sharesOf(join(folder, before)),
    });
  }
  return found;
}

/**
 * Per security, the managers that opened or added to it, and those that hold it: shares only,
 * since an option (a notional, or a bet against) makes its holder neither.
 */
function expected(funds: readonly Quarter[]) {
  const bought = new Map<string, number>();
  const held = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const { now, before } of funds) {
    for (const [security, shares] of now) {
      if (security.endsWith(' Put') || security.endsWith(' Call')) continue;
      if (shares > 0) add(held, security);
      // No report for the quarter before: nothing is known to be bought.
      if (before === undefined || shares <= 0) continue;
      if (shares > (before.get(security) ?? 0)) add(bought, security);
    }
  }
  return { bought, held };
}

/** The fields the views read of rows (put/call by its field, as from the embedded service). */
const VIEW_FIELDS = AGGREGATE_ROW_FIELDS;

let demo: Demo13fServer;
let rows: ServiceRecord[];

beforeAll(async () => {
  demo = await startDemo13fServer();
  rows = await demo.records({
    fields: [
      'companyname',
      'periodofreport',
      'name',
      'cusip',
      'ticker',
      'nameofissuer',
      'value',
      'shrsorprnamt',
      'status',
    ],
    filter: [{ periodofreport: { $equals: PERIOD } }],
    max_num: '-1',
  });
});
afterAll(() => demo.server.close());

type Path = 'rows' | 'aggregates';

/** The quarter across every manager as the view reads it one way or the other. */
function quarterBy(path: Path, real: ReadonlySet<string>): Promise<QuarterAcrossManagers> {
  const limit = Number.MAX_SAFE_INTEGER;
  return path === 'rows'
    ? Promise.resolve(quarterAcrossManagers(toPositions(rows), PERIOD, { managers: real, limit }))
    : quarterFromAggregates(demo.run, PERIOD, { limit });
}

/** Apple's holders at PERIOD, as the security view counts them one way or the other. */
async function appleHoldersBy(path: Path, real: ReadonlySet<string>): Promise<number> {
  if (path === 'rows') {
    const { holders } = securityHolders(toPositions(rows), APPLE, PERIOD);
    return holders.filter((holder) => real.has(holder.filer)).length;
  }
  const quarters = await securityQuarters(demo.run, APPLE);
  return quarters.find((quarter) => quarter.period === PERIOD)?.holders ?? 0;
}

describe.each<Path>(['rows', 'aggregates'])(
  `13F across managers at ${PERIOD}, recomputed from the shipped XML, read from %s`,
  (path) => {
    const funds = quarters();
    const real = new Set(funds.map((fund) => fund.filer));
    const { bought, held } = expected(funds);
    const counts = (list: readonly { security: string; count: number }[]) =>
      new Map(list.map((entry) => [entry.security, entry.count]));

    it('covers most of the bundled managers, most with the quarter before', () => {
      expect(funds.length).toBeGreaterThanOrEqual(30);
      expect(funds.filter((fund) => fund.before).length).toBeGreaterThanOrEqual(25);
    });

    it('"most bought" and "consensus" count the same managers per security as the XML does', async () => {
      const quarter = await quarterBy(path, real);
      // Hundreds of securities each way (264 bought, 560 held when this was written).
      expect(bought.size).toBeGreaterThan(100);
      expect(counts(quarter.mostBought)).toEqual(bought);
      expect(counts(quarter.consensus)).toEqual(held);
      // And the head of each list is the most widely bought and held, its managers named.
      const top = Math.max(...held.values());
      expect(quarter.consensus[0]?.managers).toHaveLength(top);
    });

    it("Apple's holder count is the XML's", async () => {
      const holders = await appleHoldersBy(path, real);
      expect(holders).toBe(held.get(APPLE));
      expect(holders).toBeGreaterThanOrEqual(3);
    });
  },
);

describe('the views across managers read the same answers from rows and from aggregates', () => {
  it('every quarter of the data: the five lists as the quarter view shows them', async () => {
    const periods = [
      ...new Set(
        (await demo.records({ fields: ['periodofreport'], max_num: '-1' })).map((row) =>
          String(row.periodofreport),
        ),
      ),
    ].sort();
    expect(periods.length).toBeGreaterThan(10);
    for (const period of periods) {
      // The quarter's rows as the view reads them against the vendor: largest value first.
      const quarter = await demo.records({
        fields: [...VIEW_FIELDS],
        filter: [{ periodofreport: { $equals: period } }],
        order_by: 'value:DESC',
        max_num: '-1',
      });
      const managers = toPositions(quarter).filter(
        (position) => !isDataQualityDemo(position.filer),
      );
      const fromRows = quarterAcrossManagers(managers, period, { limit: 15 });
      expect(await quarterFromAggregates(demo.run, period, { limit: 15 }), period).toEqual(
        fromRows,
      );
    }
  });

  it('the most held securities quarter by quarter, as the security view charts them', async () => {
    const every = toPositions(
      await demo.records({ fields: [...VIEW_FIELDS], filter: [], max_num: '-1' }),
    ).filter((position) => !isDataQualityDemo(position.filer));
    const quarter = quarterAcrossManagers(every, PERIOD, { limit: 20 });
    for (const { cusip } of quarter.consensus) {
      // From rows the holders without a filing and new to the data are named; counted alike.
      const fromRows = securityByQuarter(every, cusip).map((entry) => ({
        ...entry,
        notFiled: { ...entry.notFiled, names: null },
        newToData: { ...entry.newToData, names: null },
      }));
      expect(await securityQuarters(demo.run, cusip), cusip).toEqual(fromRows);
    }
  });
});
