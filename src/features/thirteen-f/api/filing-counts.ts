/**
 * How many managers filed each quarter, from the embedded service's `13f_filer_quarters`
 * (contract/aggregate-modules.ts): counts, whatever the number of filers, where the names cost a
 * page per quarter. The views' coverage (coverage-queries.ts) and the scale bench read them.
 */
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';
import { previousQuarterEnd } from '../analytics/quarters.ts';
import { isManager, readAll } from './aggregate-reads.ts';
import type { RunQuery } from './aggregate-reads.ts';

/** How many managers filed a quarter, and how many of them filed the quarter before too. */
export interface PeriodFilings {
  readonly filed: number;
  readonly stayed: number;
}

/** How many `13f_filer_quarters` rows `filter` matches. */
async function countFilings(
  run: RunQuery,
  filter: readonly Record<string, unknown>[],
  signal?: AbortSignal,
): Promise<number> {
  const body = { module: '13f_filer_quarters', count_only: true, filters: { filter: [...filter] } };
  const answer = await run(body, signal);
  if (answer.kind !== 'count') throw new Error('The service answered a count with rows.');
  return answer.count;
}

/** A filing of the planted data-quality filer: its quarter and the one it filed before. */
export interface PlantedFiling {
  readonly period: string;
  readonly previous: string;
}

/**
 * How many filings `13f_filer_quarters` holds for `period` (an empty one too), and how many of
 * them the filer's previous period is the calendar quarter before (exactly when it filed that
 * quarter); the planted filer's counted too (`withoutPlanted` takes it out).
 */
export async function periodFilings(
  run: RunQuery,
  period: string,
  signal?: AbortSignal,
): Promise<PeriodFilings> {
  const inPeriod = { periodofreport: { $equals: period } };
  const before = { previousperiod: { $equals: previousQuarterEnd(period) } };
  const [filed, stayed] = await Promise.all([
    countFilings(run, [inPeriod], signal),
    countFilings(run, [inPeriod, before], signal),
  ]);
  return { filed, stayed };
}

/** The planted data-quality filer's filings: a few rows, whatever the number of filers. */
export async function plantedFilings(
  run: RunQuery,
  signal?: AbortSignal,
): Promise<PlantedFiling[]> {
  const rows = await readAll(
    run,
    {
      module: '13f_filer_quarters',
      filters: {
        fields: ['companyname', 'periodofreport', 'previousperiod'],
        filter: [{ companyname: { $contains: DATA_QUALITY_DEMO_LABEL } }],
      },
    },
    signal,
  );
  const day = (value: unknown) => String(value).slice(0, 10);
  return rows
    .filter((row) => !isManager(row))
    .map((row) => ({ period: day(row.periodofreport), previous: day(row.previousperiod) }));
}

/** `period`'s filings counted by `periodFilings`, the planted filer's taken out, as coverage does. */
export function withoutPlanted(
  counts: PeriodFilings,
  period: string,
  planted: readonly PlantedFiling[],
): PeriodFilings {
  const own = planted.filter((filing) => filing.period === period);
  const stayed = own.filter((filing) => filing.previous === previousQuarterEnd(period));
  return { filed: counts.filed - own.length, stayed: counts.stayed - stayed.length };
}

/**
 * How many managers filed each of `periods` and how many of them filed the quarter before too,
 * as the views count them: two counts a quarter and one read of the planted filer's filings,
 * where the names cost a page per quarter of up to 10,000 filers.
 */
export async function quartersFilings(
  run: RunQuery,
  periods: readonly string[],
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, PeriodFilings>> {
  const [planted, ...counted] = await Promise.all([
    plantedFilings(run, signal),
    ...periods.map((period) => periodFilings(run, period, signal)),
  ]);
  return new Map(
    periods.map((period, index) => {
      const counts = counted[index] ?? { filed: 0, stayed: 0 };
      return [period, withoutPlanted(counts, period, planted)] as const;
    }),
  );
}
