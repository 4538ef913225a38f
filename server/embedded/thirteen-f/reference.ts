import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';

/** A CUSIP's ticker: the SEC tables carry none. */
export interface CusipTicker {
  readonly cusip: string;
  readonly ticker: string;
}

/** Which CRM account and investment strategy a filer (by CIK) is. */
const filerMatchSchema = z.strictObject({
  cik: z.string().regex(/^\d{1,10}$/),
  account_id: z.string().min(1),
  account_name: z.string().min(1),
  strategy_id: z.string().min(1).nullable().default(null),
  strategy_name: z.string().min(1).nullable().default(null),
});

/** A filer matched to a CRM account. */
export type FilerMatch = z.infer<typeof filerMatchSchema>;

/** The ticker map that ships with the product: the demo's, and the one a store is derived with. */
export const SHIPPED_CUSIP_TICKERS = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'data',
  '13f',
  'cusip-tickers.csv',
);

/** Reads a `cusip,ticker` CSV. */
export async function readCusipTickers(path: string): Promise<CusipTicker[]> {
  const [header, ...lines] = (await readFile(path, 'utf8')).split(/\r?\n/);
  if (header?.trim().toLowerCase() !== 'cusip,ticker') {
    throw new Error(`${path}: expected the header "cusip,ticker"`);
  }
  return lines
    .map((line) => line.split(','))
    .filter(
      (cells): cells is [string, string] =>
        cells.length === 2 && cells[0] !== '' && cells[1] !== '',
    )
    .map(([cusip, ticker]) => ({ cusip: cusip.trim().toUpperCase(), ticker: ticker.trim() }));
}

/** Reads filer matches from a JSON file: `[{ cik, account_id, account_name, strategy_id, strategy_name }]`. */
export async function readFilerMatches(path: string): Promise<FilerMatch[]> {
  const parsed = z.array(filerMatchSchema).safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Adds tickers; for a CUSIP listed twice, the derivation uses the first. */
export async function addCusipTickers(
  connection: DuckDBConnection,
  tickers: Iterable<CusipTicker>,
): Promise<void> {
  const appender = await connection.createAppender('cusip_ticker');
  for (const { cusip, ticker } of tickers) {
    appender.appendVarchar(cusip);
    appender.appendVarchar(ticker);
    appender.endRow();
  }
  appender.closeSync();
}

/** Adds filer matches; for a CIK matched twice, the last one added counts. */
export async function addFilerMatches(
  connection: DuckDBConnection,
  matches: readonly FilerMatch[],
): Promise<void> {
  const appender = await connection.createAppender('filer_match');
  for (const match of matches) {
    appender.appendVarchar(match.cik.padStart(10, '0'));
    appender.appendVarchar(match.account_id);
    appender.appendVarchar(match.account_name);
    for (const value of [match.strategy_id, match.strategy_name]) {
      if (value === null) appender.appendNull();
      else appender.appendVarchar(value);
    }
    appender.endRow();
  }
  appender.closeSync();
}
