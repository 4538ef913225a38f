/**
 * The views across managers as the browser reads them, over HTTP, for the 13F scale bench: the
 * very reads of src/features/thirteen-f/api (quarter-aggregates.ts, aggregate-reads.ts), run
 * through a `RunQuery` that POSTs to the server, as the API client does. The quarter view over
 * every filer (its five lists and the quarter's filers) and the security view of one CUSIP (its
 * every quarter and its name, then the rows of its latest quarter and the one before) read the
 * aggregate modules; a server whose catalog lacks them answers `unknown_module`. The quarter view
 * counts the filings of the latest quarters first (coverage-queries.ts: which quarter it opens
 * on), then reads its lists, the quarter's filers and, for who is missing, the quarter before's.
 */
import { countBodyFor } from '#contract/request-body';
import type { QueryRequestBody } from '#contract/request-body';
import { adaptResponse } from '#contract/response';
import { securityBody } from '../src/features/thirteen-f/api/across-managers-queries.ts';
import { askedQuarters } from '../src/features/thirteen-f/analytics/coverage.ts';
import { previousQuarterEnd } from '../src/features/thirteen-f/analytics/quarters.ts';
import {
  filedQuarters,
  readAll,
  securityName,
  securityQuarters,
} from '../src/features/thirteen-f/api/aggregate-reads.ts';
import type { RunQuery } from '../src/features/thirteen-f/api/aggregate-reads.ts';
import { quartersFilings } from '../src/features/thirteen-f/api/filing-counts.ts';
import { quarterFromAggregates } from '../src/features/thirteen-f/api/quarter-aggregates.ts';
import { post } from './loopback-post.ts';

/** The views' lists are this long (quarter-view.tsx's LIST_LENGTH). */
const LIST_LENGTH = 15;

/** Runs query bodies over HTTP with a signed-in token, as the browser's API client does. */
export function httpRunner(port: number, token: string): RunQuery {
  const send = httpText(port, token);
  return async (body) => readAnswer(body, await send(body));
}

/** A query's answer as the server sends it, unread: the service's part of a query's time. */
export function httpText(port: number, token: string): (body: QueryRequestBody) => Promise<string> {
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  return (body) => post(port, '/index.php/api/service', JSON.stringify(body), headers);
}

/** Reads an answer's text as the client does; throws on an error answer. */
export function readAnswer(body: QueryRequestBody, text: string) {
  const answer = adaptResponse(JSON.parse(text), body.module);
  if (answer.kind === 'error') throw new Error(`${answer.code}: ${answer.message}`);
  return answer;
}

/** Whether the server's catalog serves the aggregate modules (not `unknown_module`). */
export async function servesAggregates(run: RunQuery): Promise<boolean> {
  try {
    await run({ module: '13f_filer_quarters', count_only: true });
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.includes('unknown_module')) return false;
    throw error;
  }
}

/**
 * The quarter view over every filer, opened on `period` of the data's `periods` (latest first):
 * the latest quarters' filing counts, then its lists and the filers of the quarter and the one
 * before, read at once.
 */
export async function quarterView(
  run: RunQuery,
  period: string,
  periods: readonly string[],
): Promise<void> {
  await quartersFilings(run, askedQuarters(periods, periods.at(-1) ?? null, period));
  const filers = (of: string) => filedQuarters(run, [{ periodofreport: { $equals: of } }]);
  await Promise.all([
    quarterFromAggregates(run, period, { limit: LIST_LENGTH }),
    filers(period),
    ...(period > (periods.at(-1) ?? period) ? [filers(previousQuarterEnd(period))] : []),
  ]);
}

/**
 * The security view of `cusip`: its every quarter and its name at once, then (as its bounded
 * read does) the count and rows of its latest quarter with holders and of the one before.
 */
export async function securityView(run: RunQuery, cusip: string): Promise<void> {
  const [quarters] = await Promise.all([securityQuarters(run, cusip), securityName(run, cusip)]);
  const latest = quarters.filter((quarter) => quarter.holders > 0).at(-1);
  if (latest === undefined) return;
  const rows = securityBody(cusip, latest.period);
  await run(countBodyFor(rows));
  await readAll(run, rows);
}
