import type { DuckDBConnection } from '@duckdb/node-api';
import { findDataSets } from './dataset-paths.ts';
import { BadLines, appendInfoTable, readFilings } from './dataset-records.ts';
import type { BadLine } from './dataset-records.ts';
import { ImportError, runImport } from './filing.ts';
import type { FilingMeta, ImportProgress } from './filing.ts';
import type { ImportSummary } from './import.ts';
import { removeStaleCopies } from './local-tsv.ts';
import { openDataSet } from './sec-tsv.ts';
import type { DataSetFiles } from './sec-tsv.ts';

/**
 * Imports SEC's Form 13F data sets (dataset-records.ts reads one, dataset-paths.ts finds and
 * orders them), as many as a run is given, in one transaction.
 */

export type { BadLine } from './dataset-records.ts';

export interface DataSetSummary extends ImportSummary {
  /** File by file (COVERPAGE and SUBMISSION before INFOTABLE), each in line order. */
  readonly badLines: readonly BadLine[];
  /** The data sets imported, in the order they were (filing-date order, dataset-paths.ts). */
  readonly dataSets: readonly string[];
  /** Filings (accessions) found in more than one data set: each was imported once. */
  readonly repeated: number;
}

export interface DataSetOptions {
  readonly progress?: ImportProgress;
  /** Any bad line fails the run: nothing is imported, and the error lists every bad line. */
  readonly strict?: boolean;
  /**
   * Who reads INFOTABLE: DuckDB's CSV reader (the default: docs/decisions/sec-tsv-reader.md),
   * which leaves to Node the rows and files it cannot read exactly as Node does, or Node alone
   * (for the benchmark and the tests that hold the two to the same results).
   */
  readonly reader?: 'duckdb' | 'node';
}

/** Raised in strict mode when a data set has bad lines; nothing was imported. */
export class BadLinesError extends ImportError {
  constructor(
    path: string,
    readonly badLines: readonly BadLine[],
  ) {
    const count = `${badLines.length} bad line${badLines.length === 1 ? '' : 's'}`;
    super(path, null, `${count}, nothing was imported (strict)`);
    this.name = 'BadLinesError';
  }
}

/** A data set opened for the run, and the filings of it the run imports. */
interface OpenDataSet {
  readonly path: string;
  readonly files: DataSetFiles;
  filings: Map<string, FilingMeta>;
}

/**
 * Keeps each filing in the last data set that holds it (the latest by filing dates), as a
 * re-import of it would replace it; returns how many filings were in more than one.
 */
function keepLatest(dataSets: readonly OpenDataSet[]): number {
  const later = new Set<string>();
  const repeated = new Set<string>();
  for (const dataSet of [...dataSets].reverse()) {
    for (const accession of dataSet.filings.keys()) {
      if (!later.has(accession)) continue;
      repeated.add(accession);
      dataSet.filings.delete(accession);
    }
    for (const accession of dataSet.filings.keys()) later.add(accession);
  }
  return repeated.size;
}

/**
 * Imports the data sets `paths` name (each a data set's zip, a folder of its TSV files, or a
 * folder of data-set zips; dataset-paths.ts) in one transaction: any failure imports nothing.
 * They are imported in the order of the filing dates they cover, and each filing once, by
 * accession. Bad lines are left out and returned; with `strict`, any bad line fails the run.
 */
export async function importDataSets(
  connection: DuckDBConnection,
  paths: readonly string[],
  options: DataSetOptions = {},
): Promise<DataSetSummary> {
  await removeStaleCopies();
  const found = await findDataSets(paths);
  const bad = new BadLines();
  const opened: OpenDataSet[] = [];
  try {
    // Every data set's filings before the transaction: which copy of a repeated filing is kept
    // is known before any is written, and a data set that cannot be read fails early.
    for (const path of found) {
      const files = await openDataSet(path);
      const dataSet: OpenDataSet = { path, files, filings: new Map() };
      opened.push(dataSet);
      dataSet.filings = await readFilings(files, bad);
    }
    const repeated = keepLatest(opened);
    return await runImport(
      connection,
      async (writer) => {
        for (const { files, filings } of opened) {
          // Every filing first, so INFOTABLE rows may come in any order: none waits for its meta.
          await writer.addFilings([...filings.values()]);
          await appendInfoTable(writer, files, filings, bad, options.reader);
        }
        // Thrown inside the transaction, so it rolls back.
        if (options.strict === true && bad.count > 0)
          throw new BadLinesError(found.join(', '), bad.sorted());
        return { ...writer.summary(), badLines: bad.sorted(), dataSets: found, repeated };
      },
      options.progress,
    );
  } finally {
    for (const { files } of opened) files.close();
  }
}

/** Imports the data set (or the folder of data sets) at `path`: `importDataSets` of one. */
export async function importDataSet(
  connection: DuckDBConnection,
  path: string,
  options: DataSetOptions = {},
): Promise<DataSetSummary> {
  return importDataSets(connection, [path], options);
}
