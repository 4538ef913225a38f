/**
 * Where the 13F scale bench's synthetic filings go, kept apart from any file writing so it can be
 * tested: SEC's data-set files in the order SEC publishes them, and for each filer and period
 * whether it filed, when, in which file, and which amendments it filed later.
 *
 * SEC's files hold the filings *filed* in them (dataset-paths.ts): calendar quarters up to 2023
 * (`2022q2_form13f.zip`), three-month filing-date windows since 2024. A period's filings are due
 * 45 days after its end, so period k (2022-03-31 + k quarters) is filed mostly in file k of the
 * series below, its late filings in file k + 1, and amendments one to three files later. The
 * series starts with 2022q2, the file that holds 2022-03-31's filings (2022q1 holds 2021-12-31's).
 */
import { Random } from '../server/embedded/demo/random.ts';

/** One data set: SEC's file name and the filing dates it covers (ISO days, both included). */
interface DataSetFile {
  readonly name: string;
  readonly from: string;
  readonly to: string;
}

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));

/** `2024-02-29` as SEC's window names write it: `29feb2024`. */
function windowDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}${MONTHS[Number(month) - 1] ?? ''}${year}`;
}

/**
 * SEC's data-set files from 2022q2 on, `count` of them: calendar quarters through 2023q4, then
 * the windows that started in 2024 (Jan–Feb 2024, then three months from March).
 */
export function dataSetFiles(count: number): DataSetFile[] {
  const files: DataSetFile[] = [];
  for (let q = 1; q < 8 && files.length < count; q += 1) {
    const year = 2022 + Math.floor(q / 4);
    const first = (q % 4) * 3;
    const from = iso(utc(year, first, 1));
    const to = iso(utc(year, first + 3, 0));
    files.push({ name: `${String(year)}q${String((q % 4) + 1)}_form13f.zip`, from, to });
  }
  // Day 0 of a month is the last day of the one before.
  const window = (start: Date, end: Date) => {
    const [from, to] = [iso(start), iso(end)];
    return { name: `${windowDay(from)}-${windowDay(to)}_form13f.zip`, from, to };
  };
  if (files.length < count) files.push(window(utc(2024, 0, 1), utc(2024, 2, 0)));
  for (let month = 2; files.length < count; month += 3)
    files.push(window(utc(2024, month, 1), utc(2024, month + 3, 0)));
  return files;
}

/** Period k of the series: the calendar quarter end k quarters after 2022-03-31. */
export function periodOf(k: number): string {
  return iso(utc(2022, 3 * (k + 1), 0));
}

/** The day `days` after an ISO day. */
function addDays(day: string, days: number): string {
  return iso(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** The file (its index) whose window holds a filing date, or -1 when none does. */
export function fileOf(files: readonly DataSetFile[], filed: string): number {
  return files.findIndex((file) => file.from <= filed && filed <= file.to);
}

type FilingKind = 'original' | 'RESTATEMENT' | 'NEW HOLDINGS';

/** One filing of a filer for one period: when, in which file, and whether it is empty. */
export interface PlannedFiling {
  readonly kind: FilingKind;
  readonly period: number;
  readonly filed: string;
  readonly file: number;
  /** An original filed with an empty information table: a filing, with no rows. */
  readonly empty: boolean;
}

/** How often each case happens, per filer and period. */
const ODDS = { missing: 0.03, late: 0.04, empty: 0.002, restated: 0.01, newHoldings: 0.01 };

/**
 * A filer's filings for period k, in the order they were filed: none (a quarter it never
 * filed), or an original (mostly in the 30 days before the deadline, some late ones in the next
 * file) and perhaps amendments one to three files later, none past the last of `files`.
 * The first filer always files; filer 1 files an amendment of period k in file k + 3 whenever
 * that file exists, so the file after a set carries an amendment of an older period.
 */
export function planFilings(
  files: readonly DataSetFile[],
  filer: number,
  k: number,
  random: Random,
): PlannedFiling[] {
  const periodEnd = periodOf(k);
  const deadline = addDays(periodEnd, 45);
  if (filer !== 0 && random.chance(ODDS.missing)) return [];
  const late = filer !== 0 && random.chance(ODDS.late);
  const nextFile = files[fileOf(files, deadline) + 1];
  const filed =
    late && nextFile !== undefined
      ? addDays(nextFile.from, random.int(0, 20))
      : addDays(deadline, -random.int(0, 30));
  const file = fileOf(files, filed);
  const empty = filer !== 0 && random.chance(ODDS.empty);
  const filings: PlannedFiling[] = [{ kind: 'original', period: k, filed, file, empty }];
  const amend = (kind: FilingKind, later: number) => {
    const target = files[file + later];
    if (target !== undefined)
      filings.push({ kind, period: k, filed: addDays(target.from, 10), file: file + later, empty });
  };
  if (filer === 1) amend('RESTATEMENT', 3);
  else if (!empty && random.chance(ODDS.restated)) amend('RESTATEMENT', random.int(1, 3));
  if (filer !== 1 && !empty && random.chance(ODDS.newHoldings))
    amend('NEW HOLDINGS', random.int(1, 3));
  return filings;
}

/** SEC's accession number of a planned filing: unique per kind, period and filer. */
export function accessionOf(filing: PlannedFiling, filer: number): string {
  const kind = { original: 1, RESTATEMENT: 2, 'NEW HOLDINGS': 3 }[filing.kind];
  const year = filing.filed.slice(2, 4);
  return `000095${String(kind)}${String(filing.period).padStart(3, '0')}-${year}-${String(filer).padStart(6, '0')}`;
}

/** A random source per filer, so a filer's plan does not depend on the others'. */
export function filerRandom(seed: number, filer: number): Random {
  return Random.derive(seed, `filer ${String(filer)}`);
}
