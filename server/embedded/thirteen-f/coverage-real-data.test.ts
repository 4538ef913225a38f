/*
 * An independent check of coverage and deadlines on the real 13F data the demo serves: which
 * managers filed each quarter, and which filings were on time, are recomputed here from the
 * shipped manifests alone (not the importer, not the SQL) with a literal holiday table (OPM's
 * published dates, not the rules contract/filing-deadline.ts derives them by), and compared with
 * what the embedded API serves over HTTP (its rows, and its filer-quarter aggregates) and what
 * the browser's analytics make of it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDataQualityDemo } from '#contract/demo-filers';
import { filingDeadline } from '#contract/filing-deadline';
import type { ServiceRecord } from '#contract/response';
import {
  DEMO_AS_OF,
  SHIPPED_13F_DIR,
  startDemo13fServer,
} from '../../../testing/demo-13f-server.ts';
import type { Demo13fServer } from '../../../testing/demo-13f-server.ts';
import {
  coverageSentence,
  latestCompleteQuarter,
  quarterCoverage,
} from '../../../src/features/thirteen-f/analytics/coverage.ts';
import { flagsByRow } from '../../../src/features/thirteen-f/analytics/flags.ts';
import { filedQuarters } from '../../../src/features/thirteen-f/api/aggregate-reads.ts';
import { quartersFilings } from '../../../src/features/thirteen-f/api/filing-counts.ts';
import { previousQuarterEnd } from '../../../src/features/thirteen-f/analytics/quarters.ts';

const DATA_DIR = SHIPPED_13F_DIR;
const AS_OF = DEMO_AS_OF;

/** US federal holidays as OPM lists them (observed dates), for the years the filings span. */
// prettier-ignore
const OPM_HOLIDAYS = new Set([
  '2023-01-02', '2023-01-16', '2023-02-20', '2023-05-29', '2023-06-19', '2023-07-04',
  '2023-09-04', '2023-10-09', '2023-11-10', '2023-11-23', '2023-12-25',
  '2024-01-01', '2024-01-15', '2024-02-19', '2024-05-27', '2024-06-19', '2024-07-04',
  '2024-09-02', '2024-10-14', '2024-11-11', '2024-11-28', '2024-12-25',
  '2025-01-01', '2025-01-20', '2025-02-17', '2025-05-26', '2025-06-19', '2025-07-04',
  '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25',
  '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03',
  '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
]);

/** Day 45 after the quarter end, moved on past weekends and OPM's holidays. */
function deadlineOf(period: string): string {
  const day = new Date(`${period}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 45);
  const text = () => day.toISOString().slice(0, 10);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6 || OPM_HOLIDAYS.has(text()))
    day.setUTCDate(day.getUTCDate() + 1);
  return text();
}

interface Filing {
  readonly filer: string;
  readonly period: string;
  readonly filed: string;
}

/** Every filing of the shipped manifests made by the demo's day. */
function shippedFilings(): Filing[] {
  return readdirSync(DATA_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const manifest = JSON.parse(
        readFileSync(join(DATA_DIR, entry.name, 'manifest.json'), 'utf8'),
      ) as { filer: string; filings: { filingDate: string; periodOfReport: string }[] };
      return manifest.filings
        .filter((filing) => filing.filingDate <= AS_OF)
        .map((filing) => ({
          filer: manifest.filer,
          period: filing.periodOfReport,
          filed: filing.filingDate,
        }));
    });
}

let demo: Demo13fServer;

beforeAll(async () => {
  demo = await startDemo13fServer();
});
afterAll(() => demo.server.close());

/** Every served row of a quarter, with the fields the coverage and the flags read. */
function servedQuarter(period: string): Promise<ServiceRecord[]> {
  return demo.records({
    fields: ['companyname', 'periodofreport', 'cusip', 'filedat', 'name', 'putcall'],
    filter: [{ periodofreport: { $equals: period } }],
    max_num: '50000',
  });
}

const realFilers = (rows: readonly ServiceRecord[]) =>
  new Set(rows.map((row) => String(row.companyname)).filter((filer) => !isDataQualityDemo(filer)));

describe('coverage and deadlines of the shipped filings, recomputed from the manifests', () => {
  const filings = shippedFilings();
  const periods = [...new Set(filings.map((filing) => filing.period))].sort().reverse();
  const filersOf = (period: string) =>
    new Set(filings.filter((filing) => filing.period === period).map((filing) => filing.filer));

  it.each(['rows', 'aggregates'])(
    'serves each quarter’s managers as the manifests list them, read from %s',
    async (path) => {
      for (const period of periods.slice(0, 6)) {
        const served =
          path === 'rows'
            ? await servedQuarter(period)
            : await filedQuarters(demo.run, [{ periodofreport: { $equals: period } }]).then(
                (filed) => filed.map((quarter) => ({ companyname: quarter.filer })),
              );
        expect([...realFilers(served)].sort(), period).toEqual([...filersOf(period)].sort());
      }
    },
  );

  it('counts each quarter’s managers, and those that filed the quarter before, as the manifests do', async () => {
    const latest = periods.slice(0, 6);
    const counted = await quartersFilings(demo.run, latest);
    for (const period of latest) {
      const before = filersOf(previousQuarterEnd(period));
      const stayed = [...filersOf(period)].filter((filer) => before.has(filer));
      expect(counted.get(period), period).toEqual({
        filed: filersOf(period).size,
        stayed: stayed.length,
      });
    }
  });

  it('opens on Dec 31, 2025: the latest quarter 90 % of the quarter before’s managers filed', async () => {
    // Recomputed here: the share of the quarter before's managers that filed each quarter.
    const complete = periods.find((period) => {
      const before = periods[periods.indexOf(period) + 1];
      const earlier = before === undefined ? new Set<string>() : filersOf(before);
      const stayed = [...earlier].filter((manager) => filersOf(period).has(manager)).length;
      return earlier.size === 0 || stayed / earlier.size >= 0.9;
    });
    expect(complete).toBe('2025-12-31');
    const served = new Map<string, ReadonlySet<string>>();
    for (const period of periods.slice(0, 6))
      served.set(period, realFilers(await servedQuarter(period)));
    expect(latestCompleteQuarter(periods.slice(0, 5), (period) => served.get(period))).toBe(
      complete,
    );
    const coverage = quarterCoverage(
      '2025-12-31',
      served.get('2025-12-31') ?? new Set(),
      served.get('2025-09-30') ?? new Set(),
      AS_OF,
    );
    const filed = filersOf('2025-12-31').size;
    const expected = new Set([...filersOf('2025-12-31'), ...filersOf('2025-09-30')]).size;
    expect(coverageSentence(coverage)).toBe(`${filed} of ${expected} managers filed`);
    expect(served.get('2025-12-31')?.has('BERKSHIRE HATHAWAY INC')).toBe(true);
  });

  it('agrees with OPM’s calendar on every shipped quarter’s deadline', () => {
    for (const period of periods) expect(filingDeadline(period), period).toBe(deadlineOf(period));
  });

  it('flags exactly the filings made after their deadline as late, none on time', async () => {
    const late = new Set(
      filings
        .filter((filing) => filing.filed > deadlineOf(filing.period))
        .map((filing) => `${filing.filer}|${filing.period}`),
    );
    const flaggedLate = new Set<string>();
    for (const period of periods) {
      const rows = (await servedQuarter(period)).filter((row) => realFilers([row]).size > 0);
      for (const [row, flags] of flagsByRow(rows)) {
        if (flags.some((flag) => flag.kind === 'late' || flag.kind === 'amended'))
          flaggedLate.add(`${String(row.companyname)}|${period}`);
      }
    }
    expect([...flaggedLate].sort()).toEqual([...late].sort());
    // Both sides are exercised: a few late filings, and many made after day 45 but on time
    // (the deadline rolled past a weekend or a holiday), none of which is flagged.
    const afterDay45 = filings.filter((filing) => {
      const day45 = new Date(`${filing.period}T00:00:00Z`);
      day45.setUTCDate(day45.getUTCDate() + 45);
      return filing.filed > day45.toISOString().slice(0, 10);
    });
    expect(late.size).toBeGreaterThan(0);
    expect(afterDay45.length - late.size).toBeGreaterThan(10);
    // Berkshire's 2025-12-31 filing, made on Tuesday 2026-02-17 after the weekend and
    // Presidents' Day, is on time.
    expect(filings).toContainEqual({
      filer: 'BERKSHIRE HATHAWAY INC',
      period: '2025-12-31',
      filed: '2026-02-17',
    });
    expect(late.has('BERKSHIRE HATHAWAY INC|2025-12-31')).toBe(false);
  });
});
