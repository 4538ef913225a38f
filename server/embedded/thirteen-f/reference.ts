import { readFile } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { z } from 'zod';

/** A CUSIP's ticker: the SEC tables carry none. */
export interface CusipTicker {
  readonly cusip: string;
  readonly ticker: string;
}

/** Which CRM account and investment strategy a filer (by CIK) is. */
export const filerMatchSchema = z.strictObject({
  cik: z.string().regex(/^\d{1,10}$/),
  account_id: z.string().min(1),
  account_name: z.string().min(1),
  strategy_id: z.string().min(1).nullable().default(null),
  strategy_name: z.string().min(1).nullable().default(null),
});

/** A filer matched to a CRM account. */
export type FilerMatch = z.infer<typeof filerMatchSchema>;

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

/** Adds tickers; a later entry for a CUSIP already known is ignored by the derivation. */
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

/** Adds filer matches, replacing earlier ones for the same CIK. */
export async function addFilerMatches(
  connection: DuckDBConnection,
  matches: readonly FilerMatch[],
): Promise<void> {
  for (const match of matches) {
    const cik = match.cik.padStart(10, '0');
    await connection.run('DELETE FROM filer_match WHERE cik = $1', [cik]);
    await connection.run('INSERT INTO filer_match VALUES ($1, $2, $3, $4, $5)', [
      cik,
      match.account_id,
      match.account_name,
      match.strategy_id,
      match.strategy_name,
    ]);
  }
}
