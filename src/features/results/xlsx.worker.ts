/**
 * Writes the XLSX off the page's thread: 100k rows take seconds to lay out and zip, which would
 * freeze the table. A same-origin module worker, which the CSP's script-src 'self' allows.
 */
import { sheetOf } from './xlsx-sheet.ts';
import type { XlsxRequest, XlsxResponse } from './xlsx-sheet.ts';
import { writeXlsx } from './xlsx-writer.ts';

addEventListener('message', (event: MessageEvent<XlsxRequest>) => {
  let answer: XlsxResponse;
  try {
    answer = { ok: true, bytes: writeXlsx(sheetOf(event.data)) };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  postMessage(answer, { transfer: answer.ok ? [answer.bytes.buffer] : [] });
});
