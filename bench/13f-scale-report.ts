/**
 * The 13F scale bench's table: each figure beside its goal, met or MISSED, or "not served" when
 * the server does not serve what it needs; printed, and written as JSON beside the run's output.
 */
import { writeFileSync } from 'node:fs';
import { formatMs, percentile } from './stats.ts';

export interface Row {
  readonly figure: string;
  readonly measured: string;
  readonly goal: string;
  /** true: met; false: missed; null: no goal, or nothing to hold against it. */
  readonly met: boolean | null;
}

export const GB = 1024 ** 3;
export const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
export const count = (n: number) => Math.round(n).toLocaleString('en-US');
export const seconds = (s: number) => `${s.toFixed(1)} s`;

/** p50 and p95 of samples in ms, as text. */
export function spread(samples: readonly number[]): string {
  return `p50 ${formatMs(percentile(samples, 50))}, p95 ${formatMs(percentile(samples, 95))}`;
}

/** A served query against DuckDB's own on the same file: medians, their ratio, the goal. */
export function ratioRow(
  figure: string,
  served: readonly number[],
  direct: readonly number[],
  limit: number,
): Row {
  const ratio = percentile(served, 50) / percentile(direct, 50);
  return {
    figure,
    measured: `${formatMs(percentile(served, 50))} vs ${formatMs(percentile(direct, 50))} (medians): ×${ratio.toFixed(2)}`,
    goal: `≤ ${String(limit)}×`,
    met: ratio <= limit,
  };
}

/** A view's p95 against its goal, or "not served" when the server lacks its modules. */
export function viewRow(figure: string, samples: readonly number[] | null, limitMs: number): Row {
  if (samples === null)
    return { figure, measured: 'not served', goal: `p95 ≤ ${formatMs(limitMs)}`, met: null };
  return {
    figure,
    measured: `${spread(samples)} (${String(samples.length)} runs)`,
    goal: `p95 ≤ ${formatMs(limitMs)}`,
    met: percentile(samples, 95) <= limitMs,
  };
}

/** Prints the rows as a table and writes them to `jsonPath`; true when a goal was missed. */
export function printTable(rows: readonly Row[], jsonPath: string, context: object): boolean {
  const width = Math.max(...rows.map((row) => row.figure.length));
  const measuredWidth = Math.max(...rows.map((row) => row.measured.length));
  console.log(`\n${'figure'.padEnd(width)}  ${'measured'.padEnd(measuredWidth)}  goal`);
  for (const row of rows) {
    const verdict = row.met === null ? '' : row.met ? ' met' : ' MISSED';
    console.log(
      `${row.figure.padEnd(width)}  ${row.measured.padEnd(measuredWidth)}  ${row.goal}${verdict}`,
    );
  }
  writeFileSync(jsonPath, `${JSON.stringify({ ...context, rows }, null, 2)}\n`);
  console.log(`\nThe table as JSON: ${jsonPath}`);
  return rows.some((row) => row.met === false);
}
