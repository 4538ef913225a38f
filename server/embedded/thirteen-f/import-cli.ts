import { parseArgs } from 'node:util';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ImportError, valueUnitFor } from './filing.ts';
import type { FilingMeta } from './filing.ts';
import { BadLinesError, importDataSet } from './datasets.ts';
import type { BadLine } from './datasets.ts';
import { importManifest, importXmlFilings } from './import.ts';
import type { ImportSummary } from './import.ts';
import { normalizeCik, parseFiledAt, syntheticAccession } from './manifest.ts';
import { IMPORT_MEMORY_LIMIT, deriveFilingStore } from './store.ts';
import type { StoreDerivation } from './store.ts';
import { openStoreForImport } from './store-writer.ts';
import type { StoreForImport } from './store-writer.ts';

const USAGE = `Import SEC 13F filings into the filing store the server serves, and derive its holdings.

  npm run import-13f -- --manifest <manifest.json>
  npm run import-13f -- --dataset <folder or .zip with SUBMISSION.tsv, COVERPAGE.tsv, INFOTABLE.tsv>
                        [--strict]   (SUMMARYPAGE.tsv, when there, is what each filing declares)
  npm run import-13f -- --xml <information-table.xml> --cik <CIK> --filer <name>
                        --period <YYYY-MM-DD> --filed <YYYY-MM-DD or ISO timestamp>
                        [--type 13F-HR|13F-HR/A] [--amendment RESTATEMENT|"NEW HOLDINGS"]
                        [--accession <number>] [--value-unit usd|thousands]
  npm run import-13f -- --derive

Options: --store <file> (default: FILINGS_DB or var/filings.duckdb); --memory-limit <size>
(DuckDB's, default ${IMPORT_MEMORY_LIMIT}: beyond it DuckDB works on disk beside the store; the
process as a whole needs about twice that).
An XML or manifest import with bad input imports nothing. A data set's bad lines (a wrong number
of fields, a value that is not a number, a malformed CUSIP, a bad date) are left out and listed
with file and line; the rest is imported and the exit code is 0. With --strict, any bad line
imports nothing and exits 1. Every run then derives, inside the store, the periods of the filings
it imported and the quarter after each (their changes compare with them); the first run, and a
store derived by another version, derive every period. Importing and deriving are each one
transaction: a run stopped at any point leaves the store serving what it served, and filings
imported but not derived are derived by the next run (--derive alone derives every period
again: after an upgrade, the server's log asks for it). Restart the server to serve new filings.`;

const { values: args } = parseArgs({
  options: {
    manifest: { type: 'string' },
    dataset: { type: 'string' },
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

/** Imports the one source the flags name; returns the summary line's text. */
async function importSource(connection: DuckDBConnection, progress: Progress): Promise<string> {
  let summary: ImportSummary;
  let leftOut = '';
  if (args.manifest) summary = await importManifest(connection, args.manifest, progress);
  else if (args.dataset) {
    const options = { progress, strict: args.strict };
    const { badLines, ...imported } = await importDataSet(connection, args.dataset, options);
    printBadLines(badLines, 'left out');
    if (badLines.length > 0)
      leftOut = `; ${badLines.length.toLocaleString('en-US')} bad lines left out`;
    summary = imported;
  } else {
    const file = args.xml ?? '';
    summary = await importXmlFilings(connection, [{ file, meta: xmlMeta(file) }], progress);
  }
  return `Imported ${summary.filings} filings, ${summary.rows.toLocaleString('en-US')} rows in ${seconds()} s into ${args.store}${leftOut}.`;
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
    if (sources.length === 1) console.log(await importSource(store.connection, progress));
    imported = sources.length === 1;
    console.log(derivedLine(await deriveFilingStore(store.connection, { whole: !imported })));
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
