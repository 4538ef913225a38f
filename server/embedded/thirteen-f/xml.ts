import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { ImportError } from './filing.ts';
import type { InfoTableRow } from './filing.ts';

/** Elements of an `infoTable` entry that become row fields, by local name. */
const FIELDS = new Set([
  'nameOfIssuer',
  'titleOfClass',
  'cusip',
  'value',
  'sshPrnamt',
  'sshPrnamtType',
  'putCall',
]);

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function toNumber(file: string, row: number, field: string, text: string | undefined): number {
  const trimmed = (text ?? '').trim().replaceAll(',', '');
  if (trimmed === '') throw new ImportError(file, row, `${field} is missing`);
  const value = Number(trimmed);
  if (!Number.isFinite(value))
    throw new ImportError(file, row, `${field} ${JSON.stringify(trimmed)} is not a number`);
  return value;
}

function toRow(file: string, rowNumber: number, fields: Map<string, string>): InfoTableRow {
  const required = (name: string) => {
    const value = fields.get(name)?.trim();
    if (value === undefined || value === '')
      throw new ImportError(file, rowNumber, `${name} is missing`);
    return value;
  };
  const optional = (name: string) => fields.get(name)?.trim() || null;
  return {
    rowNumber,
    nameOfIssuer: required('nameOfIssuer'),
    titleOfClass: optional('titleOfClass'),
    cusip: required('cusip').toUpperCase(),
    value: toNumber(file, rowNumber, 'value', fields.get('value')),
    shares: toNumber(file, rowNumber, 'sshPrnamt', fields.get('sshPrnamt')),
    shareType: optional('sshPrnamtType'),
    putCall: optional('putCall')?.toUpperCase() ?? null,
  };
}

/**
 * The file's text. A name ending in `.gz` is gzip-compressed (how the bundled real filings ship,
 * to keep the repository small); any other is read as it is.
 */
function textOf(file: string): AsyncIterable<unknown> {
  const bytes = createReadStream(file);
  if (!file.endsWith('.gz')) return bytes.setEncoding('utf8');
  // pipe() does not pass the file's errors on, so a missing file would hang the gunzip stream.
  const text = createGunzip();
  bytes.on('error', (error) => text.destroy(error));
  return bytes.pipe(text).setEncoding('utf8');
}

/**
 * Streams the rows of a SEC information-table XML file, with or without the EDGAR namespace
 * or a prefix. Memory stays flat: one entry is held at a time.
 */
export async function* readInfoTableXml(file: string): AsyncGenerator<InfoTableRow> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ready: InfoTableRow[] = [];
  let fields: Map<string, string> | undefined;
  let current: string | undefined;
  let rowNumber = 0;
  // Set from the parser's callbacks, which TypeScript's narrowing cannot see.
  const state: { sawTable: boolean; failure: Error | undefined } = {
    sawTable: false,
    failure: undefined,
  };

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'informationTable') state.sawTable = true;
    if (name === 'infoTable') {
      rowNumber += 1;
      fields = new Map();
    } else if (fields && FIELDS.has(name)) {
      current = name;
      fields.set(name, '');
    }
  });
  parser.on('text', (text) => {
    if (fields && current) fields.set(current, (fields.get(current) ?? '') + text);
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === current) current = undefined;
    // After a syntax error the parser recovers and goes on; the first error is what counts.
    if (name === 'infoTable' && fields && !state.failure) {
      ready.push(toRow(file, rowNumber, fields));
      fields = undefined;
    }
  });
  parser.on('error', (error) => {
    state.failure ??= new ImportError(file, rowNumber || null, `malformed XML: ${error.message}`);
  });

  try {
    for await (const chunk of textOf(file)) {
      parser.write(chunk as string);
      if (state.failure) throw state.failure;
      yield* ready.splice(0);
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    // zlib's and the file system's messages do not say which file they are about.
    throw new ImportError(file, null, error instanceof Error ? error.message : String(error));
  }
  parser.close();
  if (state.failure) throw state.failure;
  yield* ready.splice(0);
  if (!state.sawTable)
    throw new ImportError(
      file,
      null,
      'not a 13F information table (no <informationTable> element)',
    );
}
