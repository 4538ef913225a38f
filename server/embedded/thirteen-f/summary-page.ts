import type { FilingDeclaration } from './filing.ts';
import { columns, records } from './sec-tsv.ts';
import type { BadRow, DataSetFiles } from './sec-tsv.ts';

/**
 * SEC's SUMMARYPAGE file of a 13F data set: what each filing declares (entries and total value
 * of its information table, and whether it omits confidential holdings), to check the imported
 * rows against. Optional: without it, no filing of the data set declares anything.
 */
const SUMMARYPAGE = 'SUMMARYPAGE.tsv';
const SUMMARYPAGE_COLUMNS = columns('ACCESSION_NUMBER', 'TABLEENTRYTOTAL', 'TABLEVALUETOTAL');
const SUMMARYPAGE_OPTIONAL = columns('ISCONFIDENTIALOMITTED');

/** Where a data set's bad lines are reported (datasets.ts keeps them). */
export interface BadLineLog {
  add(file: string, row: number, reason: string): void;
  of(file: string): BadRow;
}

/**
 * What each filing's summary page declares, by accession. A figure that is not a number is
 * reported and left unknown: the filing is still imported, only not checked against it.
 */
export async function readSummaries(
  files: DataSetFiles,
  bad: BadLineLog,
): Promise<Map<string, FilingDeclaration>> {
  const declared = new Map<string, FilingDeclaration>();
  if (!files.has(SUMMARYPAGE)) return declared;
  const file = files.label(SUMMARYPAGE);
  const lines = files.lines(SUMMARYPAGE);
  for await (const batch of records(
    file,
    lines,
    bad.of(file),
    SUMMARYPAGE_COLUMNS,
    SUMMARYPAGE_OPTIONAL,
  )) {
    for (const { row, cells } of batch) {
      const figure = (column: string, text: string) => {
        if (text === '') return null;
        const value = Number(text);
        if (Number.isFinite(value) && value >= 0) return value;
        bad.add(file, row, `${column} ${JSON.stringify(text)} is not a number; left unchecked`);
        return null;
      };
      const omitted = cells.ISCONFIDENTIALOMITTED.toUpperCase();
      declared.set(cells.ACCESSION_NUMBER, {
        rows: figure('TABLEENTRYTOTAL', cells.TABLEENTRYTOTAL),
        value: figure('TABLEVALUETOTAL', cells.TABLEVALUETOTAL),
        confidentialOmitted: omitted === 'Y' ? true : omitted === 'N' ? false : null,
      });
    }
  }
  return declared;
}
