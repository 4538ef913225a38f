/**
 * The requests the 13F views across managers send to the embedded service's aggregates
 * (`13f_security_quarters`, `13f_filer_quarters`), over HTTP as the browser sends them, for the
 * scale bench to time: the quarter view over every filer (its three ranked lists, the largest
 * new positions by value and by weight, the quarter's filers) and the security view of one CUSIP
 * (its every quarter, its name, then the rows of the latest quarter and the one before). The
 * bodies follow src/features/thirteen-f/api (quarter-aggregates.ts, aggregate-reads.ts) and the
 * views' list length; a server whose catalog lacks the modules answers `unknown_module`.
 */
import { post } from './loopback-post.ts';

type Body = Record<string, unknown>;
type Filter = Record<string, unknown>;

/** One query over HTTP: the page's records (none for a count), where the next starts, a count. */
export type Ask = (body: Body) => Promise<{ records: Body[]; next: number; count?: number }>;

/** Signs no one in: runs bodies with a token already got. */
export function asker(port: number, token: string): Ask {
  const headers = { 'Content-Type': 'text/plain', 'Oauth-Token': token };
  return async (body) => {
    const text = await post(port, '/index.php/api/service', JSON.stringify(body), headers);
    const answer = JSON.parse(text) as {
      records?: Body[];
      next_offset?: number;
      record_count?: number;
    };
    const page = { records: answer.records ?? [], next: answer.next_offset ?? -1 };
    return answer.record_count === undefined ? page : { ...page, count: answer.record_count };
  };
}

/** Whether the server's catalog serves the aggregate modules (not `unknown_module`). */
export async function servesAggregates(ask: Ask): Promise<boolean> {
  try {
    await ask({ module: '13f_filer_quarters', count_only: true });
    return true;
  } catch (error) {
    if (error instanceof Error && error.message.includes('unknown_module')) return false;
    throw error;
  }
}

/** The views' lists are this long (quarter-view.tsx); pages of 5,000 rows at most. */
const LIST_LENGTH = 15;
const PAGE = 5000;
/** Past this many rows a ranked list is not named (quarter-aggregates.ts). */
const NAMES_LIMIT_ROWS = 5000;
const SHARES_ONLY: Filter[] = [
  { putcall: { $not_equals: 'PUT' } },
  { putcall: { $not_equals: 'CALL' } },
];

function body(module: string, filter: Filter[], orderBy: string, fields?: string[]): Body {
  return { module, filters: { ...(fields ? { fields } : {}), filter, order_by: orderBy } };
}

function paged(query: Body, offset: number, size: number): Body {
  const filters = query.filters as Filter;
  return { ...query, filters: { ...filters, max_num: String(size), offset: String(offset) } };
}

/** Every row of a query, page after page, at most 1,000 pages. */
async function readAll(ask: Ask, query: Body): Promise<Body[]> {
  const rows: Body[] = [];
  for (let offset = 0, pages = 0; pages < 1000; pages += 1) {
    const page = await ask(paged(query, offset, PAGE));
    rows.push(...page.records);
    if (page.records.length < PAGE || page.next <= offset) return rows;
    offset = page.next;
  }
  return rows;
}

/** The first page a list reads: its length and a margin, as `topWithTies` asks. */
const firstPage = (ask: Ask, query: Body) => ask(paged(query, 0, LIST_LENGTH + 10));

const inPeriod = (period: string): Filter => ({ periodofreport: { $equals: period } });

/** One ranked list: its candidates, then their rows when they are few enough to name. */
async function rankedList(
  ask: Ask,
  period: string,
  [count, value, statuses]: readonly [string, string, string[] | null],
): Promise<void> {
  const filter = [inPeriod(period), { [count]: { $gt: '0' } }];
  const { records } = await firstPage(
    ask,
    body('13f_security_quarters', filter, `${count}:DESC,${value}:DESC`),
  );
  const top = records.slice(0, LIST_LENGTH);
  if (top.reduce((sum, row) => sum + Number(row[count] ?? 0), 0) > NAMES_LIMIT_ROWS) return;
  const which = statuses ? { status: { $in: statuses } } : { shrsorprnamt: { $gt: '0' } };
  const cusips = top.map((row) => String(row.cusip));
  const rows = [inPeriod(period), { cusip: { $in: cusips } }, which, ...SHARES_ONLY];
  await readAll(ask, body('13f_holdings', rows, 'value:DESC'));
}

const LISTS = [
  ['buyers', 'buyersvalue', ['NEW', 'ADDED']],
  ['sellers', 'sellersvalue', ['REDUCED', 'SOLD OUT']],
  ['holders', 'value', null],
] as const satisfies readonly (readonly [string, string, string[] | null])[];

/** The quarter view over every filer: all its requests, as the view sends them at once. */
export async function quarterView(ask: Ask, period: string): Promise<void> {
  const newRows = [inPeriod(period), { status: { $equals: 'NEW' } }, ...SHARES_ONLY];
  await Promise.all([
    ...LISTS.map((list) => rankedList(ask, period, list)),
    ...['value', 'portfolio_pct_weight'].map((field) =>
      firstPage(ask, body('13f_holdings', newRows, `${field}:DESC`)),
    ),
    readAll(
      ask,
      body('13f_filer_quarters', [inPeriod(period)], 'periodofreport:DESC,companyname:ASC', [
        'companyname',
        'periodofreport',
        'positions',
      ]),
    ),
  ]);
}

/** The calendar quarter end before `period` (YYYY-MM-DD). */
function quarterBefore(period: string): string {
  const [year = 0, month = 0] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month - 3, 0)).toISOString().slice(0, 10);
}

/**
 * The security view of `cusip`: its every quarter and its name at once, then the rows of its
 * latest quarter with holders and of the quarter before (the holders and their flags).
 */
export async function securityView(ask: Ask, cusip: string): Promise<void> {
  const security = { cusip: { $equals: cusip } };
  const [quarters] = await Promise.all([
    readAll(
      ask,
      body('13f_security_quarters', [security, { filers: { $gt: '0' } }], 'periodofreport:ASC', [
        'periodofreport',
        'holders',
        'shares',
        'value',
        'buyers',
        'sellers',
      ]),
    ),
    firstPage(ask, body('13f_holdings', [security, ...SHARES_ONLY], 'periodofreport:DESC')),
  ]);
  const held = quarters.filter((row) => Number(row.holders) > 0).at(-1);
  if (held === undefined) return;
  const period = String(held.periodofreport).slice(0, 10);
  const both = { $or: [period, quarterBefore(period)].map((p) => inPeriod(p)) };
  await ask({ module: '13f_holdings', count_only: true, filters: { filter: [security, both] } });
  await readAll(ask, body('13f_holdings', [security, both], 'periodofreport:DESC'));
}
