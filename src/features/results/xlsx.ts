/** The XLSX export: the rows posted to a worker that writes the workbook, the bytes as a Blob. */
import type { ServiceRecord } from '#contract/response';
import type { SheetColumn } from './sheet-cells.ts';
import type { XlsxRequest, XlsxResponse } from './xlsx-sheet.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The workbook of `rows` (in the table's order) in `columns`; rejects with the writer's reason. */
export function resultsXlsx(
  rows: readonly ServiceRecord[],
  columns: readonly SheetColumn[],
  apiNameRow = false,
): Promise<Blob> {
  const request: XlsxRequest = {
    // Functions do not cross to a worker: an added column's texts are computed here.
    columns: columns.map(({ text, ...column }) =>
      text ? { ...column, texts: rows.map((row) => text(row)) } : column,
    ),
    rows,
    apiNameRow,
  };
  const worker = new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<XlsxResponse>) => {
      worker.terminate();
      const answer = event.data;
      if (answer.ok)
        resolve(new Blob([answer.bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }));
      else reject(new Error(answer.message));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The XLSX writer failed.'));
    });
    worker.postMessage(request);
  });
}
