import type { DuckDBConnection } from '@duckdb/node-api';
import { runImport } from './filing.ts';
import type { ImportProgress } from './filing.ts';
import { readManifest } from './manifest.ts';
import type { XmlFiling } from './manifest.ts';
import { readInfoTableXml } from './xml.ts';

/** How much one import run wrote. */
export interface ImportSummary {
  readonly filings: number;
  readonly rows: number;
}

/** Imports information-table XML files in one transaction. */
export async function importXmlFilings(
  connection: DuckDBConnection,
  filings: readonly XmlFiling[],
  progress?: ImportProgress,
): Promise<ImportSummary> {
  return runImport(
    connection,
    async (writer) => {
      for (const filing of filings) {
        // Messages name the file the rows came from.
        const meta = { ...filing.meta, source: filing.file };
        await writer.addFiling(meta);
        await writer.appendRows(meta, readInfoTableXml(filing.file));
      }
      return { filings: writer.filings, rows: writer.rows };
    },
    progress,
  );
}

/** Imports every filing a `manifest.json` lists, in one transaction. */
export async function importManifest(
  connection: DuckDBConnection,
  manifestPath: string,
  progress?: ImportProgress,
): Promise<ImportSummary> {
  return importXmlFilings(connection, await readManifest(manifestPath), progress);
}
