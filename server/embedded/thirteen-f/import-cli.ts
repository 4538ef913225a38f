import { parseArgs } from 'node:util';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ImportError, valueUnitFor } from './filing.ts';
import type { FilingMeta } from './filing.ts';
import { BadLinesError, importDataSets } from './datasets.ts';
import type { BadLine, DataSetSummary } from './datasets.ts';
import { importManifest, importXmlFilings } from './import.ts';
import type { ImportSummary } from './import.ts';
import { normalizeCik, parseFiledAt, syntheticAccession } from './manifest.ts';
import { deriveFilingStore } from './store-derivation.ts';
import type { StoreDerivation } from './store-derivation.ts';
import { IMPORT_MEMORY_LIMIT } from './store.ts';
import { openStoreForImport } from './store-writer.ts';
import type { StoreForImport } from './store-writer.ts';

const USAGE = `Import SEC 13F filings into the filing store the server serves, and derive its holdings.

  npm run import-13f -- --manifest <manifest.json>
  npm run import-13f -- --dataset <path> [--dataset <path> ...] [--strict]
                        each path one of SEC's Form 13F data sets: its .zip, a folder of its
                        SUBMISSION.tsv, COVERPAGE.tsv, INFOTABLE.tsv (and SUMMARYPAGE.tsv, when
                        there: what each filing declares), or a folder of data-set .zip files
  npm run import-13f -- --xml <information-table.xml> --cik <CIK> --filer <name>
                        --period <YYYY-MM-DD> --filed <YYYY-MM-DD or ISO timestamp>
                        [--type 13F-HR|13F-HR/A] [--amendment RESTATEMENT|"NEW HOLDINGS"]
                        [--accession <number>] [--value-unit usd|thousands]
  npm run import-13f -- --derive [--whole]

Options: --store <file> (default: FILINGS_DB or var/filings.duckdb); --memory-limit <size>
(DuckDB's, default ${IMPORT_MEMORY_LIMIT}: beyond it DuckDB works on disk beside the store; the
process as a whole needs about twice that).
An XML or manifest import with bad input imports nothing. A data set's bad lines (a wrong number
of fields, a value that is not a number, a malformed CUSIP, a bad date) are left out and listed
with file and line; the rest is imported and the exit code is 0. With --strict, any bad line
imports nothing and exits 1. A damaged zip imports nothing and exits 1.
Data sets go in the order of the filing dates their SEC names cover (2023q4_form13f.zip, then
01jan2024-29feb2024_form13f.zip, ...; other names after, by name). The order changes nothing
served: amendments apply by filing date. A filing (accession) in several data sets is imported
once, from the latest. Each run prints the periods of report it touched, then derives, inside the
store, the filers' periods it touched and each one's quarter after (its changes compare with
them); the first run, and a store derived by another version, derive every period. Importing (all data sets of
the run) and deriving are each one transaction: a run stopped at any point leaves the store
serving what it served, and filings imported but not derived are derived by the next run.
--derive alone derives what is pending, or every period when the store was derived by another
version (after an upgrade; the server's log asks for it); --whole derives every period anyway.
Restart the server to serve new filings.`;

const { values: args } = parseArgs({
  options: {
    manifest: { type: 'string' },
    dataset: { type: 'string', multiple: true },
    xml: { type: 'string' },
    cik: { type: 'string' },
    filer: { type: 'string' },
    period: { type: 'string' },
    filed: { type: 'string' },
    type: { type: 'string', default: '13F-HR' },
    amendment: { type: 'string' },
    accession: { type: 'string' },
    'value-unit': { type: 'string' },
    strict: { type: 'boolean', default: false },
    derive: { type: 'boolean', default: false },
    whole: { type: 'boolean', default: false },
    store: { type: 'string', default: process.env.FILINGS_DB ?? 'var/filings.duckdb' },
    'memory-limit': { type: 'string', default: IMPORT_MEMORY_LIMIT },
    help: { type: 'boolean', short: 'h' },
  },
});

function required(name: 'cik' | 'filer' | 'period' | 'filed'): string {
  const value = args[name];
  if (!value) throw new ImportError('command line', null, `--${name} is required with --xml`);
  return value;
}

function xmlMeta(file: string): FilingMeta {
  const submissionType =
    args.type === '13F-HR/A' ? '13F-HR/A' : args.type === '13F-HR' ? '13F-HR' : undefined;
  if (!submissionType)
    throw new ImportError('command line', null, '--type must be 13F-HR or 13F-HR/A');
  const amendment = args.amendment ?? (submissionType === '13F-HR/A' ? 'RESTATEMENT' : undefined);
  if (amendment !== undefined && amendment !== 'RESTATEMENT' && amendment !== 'NEW HOLDINGS') {
    throw new ImportError(
      'command line',
      null,
      '--amendment must be RESTATEMENT or "NEW HOLDINGS"',
    );
  }
  const period = required('period');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(period))
    throw new ImportError('command line', null, '--period must be YYYY-MM-DD');
  const filedAt = parseFiledAt(required('filed'));
  if (Number.isNaN(filedAt.getTime()))
    throw new ImportError('command line', null, '--filed is not a date');
  const base = {
    cik: normalizeCik(required('cik')),
    filerName: required('filer'),
    periodOfReport: period,
    filedAt,
    submissionType,
    amendmentType: submissionType === '13F-HR/A' ? (amendment ?? 'RESTATEMENT') : null,
  } as const;
  const unit = args['value-unit'];
  return {
    ...base,
    accession: args.accession ?? syntheticAccession(base),
    valueUnit: unit === 'usd' || unit === 'thousands' ? unit : valueUnitFor(filedAt),
    source: file,
  };
}

/** Lists a data set's bad lines on stderr, one a line, as `file, line N: reason`. */
function printBadLines(badLines: readonly BadLine[], fate: string): void {
  if (badLines.length === 0) return;
  console.error(`${badLines.length.toLocaleString('en-US')} bad lines ${fate}:`);
  for (const { file, line, reason } of badLines)
    console.error(`  ${file}, line ${line}: ${reason}`);
}

type Progress = (read: { rows: number; file: string }) => void;

/** What a data-set import adds to the summary: its data sets in order, and repeated filings. */
function dataSetLines({ dataSets, repeated }: DataSetSummary): {
  before: string[];
  after: string[];
} {
  const before =
    dataSets.length > 1
      ? ['Data sets, imported in filing-date order:', ...dataSets.map((path) => `  ${path}`)]
      : [];
  const filings =
    repeated === 1 ? '1 filing was' : `${repeated.toLocaleString('en-US')} filings were`;
  const after =
    repeated > 0
      ? [`${filings} in more than one data set: each was imported once, from the latest.`]
      : [];
  return { before, after };
}

/** Imports the one source the flags name; returns the summary lines' text. */
async function importSource(
  connection: DuckDBConnection,
  progress: Progress,
): Promise<{ text: string }> {
  let summary: ImportSummary;
  let leftOut = '';
  let lines = { before: [] as string[], after: [] as string[] };
  if (args.manifest) summary = await importManifest(connection, args.manifest, progress);
  else if (args.dataset) {
    const options = { progress, strict: args.strict };
    const imported = await importDataSets(connection, args.dataset, options);
    const { badLines } = imported;
    printBadLines(badLines, 'left out');
    if (badLines.length > 0)
      leftOut = `; ${badLines.length.toLocaleString('en-US')} bad lines left out`;
    lines = dataSetLines(imported);
    summary = imported;
  } else {
    const file = args.xml ?? '';
    summary = await importXmlFilings(connection, [{ file, meta: xmlMeta(file) }], progress);
  }
  const text = [
    ...lines.before,
    `Imported ${summary.filings} filings, ${summary.rows.toLocaleString('en-US')} rows in ${seconds()} s into ${args.store}${leftOut}.`,
    ...lines.after,
    `Periods touched: ${summary.periods.length > 0 ? summary.periods.join(', ') : 'none'}.`,
  ].join('\n');
  return { text };
}

let lap = performance.now();

/** Seconds since the last call (or start), for the summary lines. */
function seconds(): string {
  const now = performance.now();
  const text = ((now - lap) / 1000).toFixed(1);
  lap = now;
  return text;
}

function isOutOfMemory(error: unknown): error is Error {
  return error instanceof Error && error.message.startsWith('Out of Memory Error');
}

/** What a run that ran out of memory left behind: importing and deriving are a transaction each. */
function outOfMemoryOutcome(run: { deriveOnly: boolean; imported: boolean }): string {
  if (run.imported)
    return 'Deriving failed; the filings are imported, the store serves what it served, and the next run (or `--derive`) derives them';
  if (run.deriveOnly) return 'Deriving failed; the store is as it was';
  return 'Import failed, nothing was imported';
}

/** The summary line of a derivation. */
function derivedLine({ whole, periods }: StoreDerivation): string {
  const which = whole
    ? `every period (${periods.length})`
    : periods.length === 0
      ? 'nothing: no period changed'
      : `${periods.length} period${periods.length === 1 ? '' : 's'} (${periods.join(', ')})`;
  return `Derived ${which} in ${seconds()} s.`;
}

function outOfMemoryAdvice(error: Error): string {
  const limit = args['memory-limit'];
  return `DuckDB needed more memory than --memory-limit ${limit} allows. Run again with a larger one.\n${error.message}`;
}

async function main(): Promise<number> {
  const sources = [args.manifest, args.dataset, args.xml].filter(Boolean);
  if (args.help || sources.length > 1 || (sources.length === 0 && !args.derive)) {
    console.log(USAGE);
    return args.help ? 0 : 1;
  }
  let store: StoreForImport;
  try {
    store = await openStoreForImport(args.store, args['memory-limit']);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    console.error(`Import failed, nothing was imported: ${error.message}`);
    return 1;
  }
  let keep = false;
  const progress: Progress = ({ rows, file }) => {
    console.log(`  ${rows.toLocaleString('en-US')} rows read (${file})`);
  };
  let imported = false;
  try {
    seconds();
    if (sources.length === 1) console.log((await importSource(store.connection, progress)).text);
    imported = sources.length === 1;
    const options = { whole: args.whole };
    console.log(derivedLine(await deriveFilingStore(store.connection, options)));
    if (store.copy) console.log('A running server holds the store: this run wrote a copy of it.');
    console.log('Restart the server to serve them.');
    keep = true;
    return 0;
  } catch (error) {
    if (isOutOfMemory(error)) {
      // A copy (a running server holds the store) is kept when it holds the imported filings.
      keep = imported;
      const outcome = outOfMemoryOutcome({ deriveOnly: sources.length === 0, imported });
      console.error(`${outcome}: ${outOfMemoryAdvice(error)}`);
      return 1;
    }
    if (!(error instanceof ImportError)) throw error;
    // Importing is one transaction: the filings, and so their derivation, are as they were.
    if (error instanceof BadLinesError) printBadLines(error.badLines, 'refused (--strict)');
    console.error(`Import failed, nothing was imported: ${error.message}`);
    return 1;
  } finally {
    store.finish(keep);
  }
}

process.exitCode = await main();
