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
  /**
   * The periods of report (`YYYY-MM-DD`, sorted, distinct) of the filings the run added or
   * replaced, and of a replaced import that had another period: what a derivation must redo.
   * A period's rows also feed the quarter after it (its status and change are against the one
   * before): which periods to derive again is the deriver's call.
   */
  readonly periods: readonly string[];
}

/**
 * Imports information-table XML files in one transaction. A filing listed twice (same
 * accession) is imported once, from its last listing, as a re-import would replace it.
 */
export async function importXmlFilings(
  connection: DuckDBConnection,
  filings: readonly XmlFiling[],
  progress?: ImportProgress,
): Promise<ImportSummary> {
  const byAccession = new Map<string, XmlFiling>();
  for (const filing of filings) {
    byAccession.delete(filing.meta.accession);
    // Messages name the file the rows came from.
    byAccession.set(filing.meta.accession, {
      file: filing.file,
      meta: { ...filing.meta, source: filing.file },
    });
  }
  const unique = [...byAccession.values()];
  return runImport(
    connection,
    async (writer) => {
      // All filings in one batch, then their rows: added one by one, each filing costs five
      // statements, which made the ~300 bundled demo filings take seconds at every start.
      await writer.addFilings(unique.map((filing) => filing.meta));
      for (const filing of unique) {
        await writer.appendRows(filing.meta, readInfoTableXml(filing.file));
      }
      return writer.summary();
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
