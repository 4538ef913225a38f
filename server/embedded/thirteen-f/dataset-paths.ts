import { readdir, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { ImportError } from './filing.ts';

/**
 * Which data sets an import's paths name, in the order of the filing dates they cover. SEC
 * publishes its Form 13F data sets by calendar quarter up to 2023 (`2023q4_form13f.zip`) and by
 * three-month filing-date windows since (`01dec2024-28feb2025_form13f.zip`), each holding the
 * filings *filed* in it: one period's filings span two files, and an amendment may come in a
 * later file than its original.
 *
 * The order changes nothing the store serves: the derivation picks each period's filing and its
 * amendments by filing date, not by import order (derive-steps.ts). It only decides which copy
 * of a filing found in two data sets is kept: the later data set's, as a re-import would.
 */

/** The files a folder holding one data set has (any of them marks such a folder). */
const DATA_SET_FILES = ['SUBMISSION.tsv', 'COVERPAGE.tsv', 'INFOTABLE.tsv', 'SUMMARYPAGE.tsv'];

/** The filing dates a data set covers, as ISO days, both included. */
interface Covered {
  readonly from: string;
  readonly to: string;
}

const MONTHS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');

/** `2024-02-29` from its parts, or undefined for a day that does not exist. */
function isoDay(year: string, month: number, day: number): string | undefined {
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(iso) ? iso : undefined;
}

/** `01dec2024` as `2024-12-01`. */
function windowDay(text: string): string | undefined {
  const [, day = '', month = '', year = ''] = /^(\d\d)([a-z]{3})(\d{4})$/i.exec(text) ?? [];
  return isoDay(year, MONTHS.indexOf(month.toUpperCase()) + 1, Number(day));
}

/**
 * The filing dates SEC's name for a data set (a zip, or the folder it was unpacked into) says it
 * covers; undefined for a name SEC does not give.
 */
export function coveredByName(name: string): Covered | undefined {
  const quarter = /^(\d{4})q([1-4])_form13f/i.exec(name);
  if (quarter !== null) {
    const [, year = '', q = ''] = quarter;
    const last = Number(q) * 3;
    // Day 0 of the next month is the quarter's last day.
    const end = new Date(Date.UTC(Number(year), last, 0)).getUTCDate();
    const from = isoDay(year, last - 2, 1);
    const to = isoDay(year, last, end);
    return from === undefined || to === undefined ? undefined : { from, to };
  }
  const window = /^(\d\d[a-z]{3}\d{4})-(\d\d[a-z]{3}\d{4})_form13f/i.exec(name);
  if (window === null) return undefined;
  const from = windowDay(window[1] ?? '');
  const to = windowDay(window[2] ?? '');
  if (from === undefined || to === undefined || to < from) return undefined;
  return { from, to };
}

/**
 * The paths in the order of the filing dates their names cover (the earliest first); a name
 * that is not SEC's goes after them, by name. Ties go by path, so the order never depends on
 * the order the paths were given in.
 */
export function inFilingOrder(paths: readonly string[]): string[] {
  const key = (path: string) => {
    const name = basename(path);
    const covered = coveredByName(name);
    // ISO days sort as text; '0' puts the names SEC gives before the others ('1').
    return covered === undefined ? `1 ${name}` : `0 ${covered.from} ${covered.to} ${name}`;
  };
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...paths].sort((a, b) => compare(key(a), key(b)) || compare(a, b));
}

/** The data sets one path names: itself (a zip, or a folder of TSVs), or a folder's zips. */
async function dataSetsAt(path: string): Promise<string[]> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(path)).isDirectory();
  } catch (error) {
    throw new ImportError(path, null, error instanceof Error ? error.message : String(error));
  }
  if (!isFolder) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const upper = new Set(DATA_SET_FILES.map((name) => name.toUpperCase()));
  const holdsFiles = entries.some((entry) => upper.has(entry.name.toUpperCase()));
  const zips = entries
    .filter((entry) => !entry.isDirectory() && /\.zip$/i.test(entry.name))
    .map((entry) => join(path, entry.name));
  if (holdsFiles && zips.length > 0)
    throw new ImportError(
      path,
      null,
      "holds both a data set's files (SUBMISSION.tsv…) and .zip files; give each its own folder",
    );
  if (holdsFiles) return [path];
  if (zips.length > 0) return zips;
  throw new ImportError(
    path,
    null,
    `holds no data set: neither ${DATA_SET_FILES.slice(0, 3).join(', ')} nor a .zip`,
  );
}

/**
 * The data sets `paths` name, each once, in filing-date order (`inFilingOrder`). A path is a
 * data set's zip, a folder holding its TSV files, or a folder of data-set zips (every `*.zip`
 * in it; its subfolders are not searched).
 */
export async function findDataSets(paths: readonly string[]): Promise<string[]> {
  const found = new Map<string, string>();
  for (const path of paths) {
    for (const dataSet of await dataSetsAt(path)) {
      if (!found.has(resolve(dataSet))) found.set(resolve(dataSet), dataSet);
    }
  }
  return inFilingOrder([...found.values()]);
}
