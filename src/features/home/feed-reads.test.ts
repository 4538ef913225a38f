/** The feed's bounded 13F reads against a fake service that fills each read to its bound. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { fetchQueryResult } from '../../lib/api/query-api.ts';
import { describeChanges, fetchFilings } from './filings.ts';
import { fetchSecurityMoves } from './securities.ts';

vi.mock('../../lib/api/query-api.ts', () => ({ fetchQueryResult: vi.fn() }));

afterEach(() => {
  vi.mocked(fetchQueryResult).mockReset();
});

/** `count` rows of one filing, filed on `day`, every one a new position worth `value`. */
function filingRows(filer: string, day: string, count: number, value = 1): ServiceRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    companyname: filer,
    periodofreport: '2026-09-30',
    filedat: `${day} 00:00:00`,
    status: 'NEW',
    ticker: `T${String(index)}`,
    value,
  }));
}

/** A fake service answering every rows read with `answer(body)`, recording the bodies. */
function setup(answer: (body: QueryRequestBody) => ServiceRecord[]) {
  const bodies: QueryRequestBody[] = [];
  vi.mocked(fetchQueryResult).mockImplementation((body) => {
    bodies.push(body);
    return Promise.resolve({ kind: 'rows', rows: answer(body), nextOffset: 'end' });
  });
  return { bodies };
}

const maxNum = (body: QueryRequestBody) =>
  Number((body.filters as { max_num?: string } | undefined)?.max_num);

describe('fetchFilings from 13F rows (the vendor)', () => {
  const scope = { start: '2026-11-18', filers: [] };

  it('leaves out the last filing of a read cut at its bound: its counts would be partial', async () => {
    // The bound is the read's max_num: 1,500 rows of one filing, then the next one's cut short.
    setup((body) => {
      const bound = maxNum(body);
      return [
        ...filingRows('ACME CAPITAL', '2026-11-24', bound - 500),
        ...filingRows('BETA PARTNERS', '2026-11-20', 500, 9e9),
      ];
    });
    const read = await fetchFilings(scope, false);
    expect(read.filings.map((filing) => filing.filer)).toEqual(['ACME CAPITAL']);
    expect(read.bounded).toBe(true);
    expect(read.filings[0]?.new).toBe(1500);
  });

  it('keeps every filing of a read that ends before its bound', async () => {
    setup(() => [
      ...filingRows('ACME CAPITAL', '2026-11-24', 3),
      ...filingRows('BETA PARTNERS', '2026-11-20', 2),
    ]);
    const read = await fetchFilings(scope, false);
    expect(read.filings.map((filing) => `${filing.filer} ${String(filing.new)}`)).toEqual([
      'ACME CAPITAL 3',
      'BETA PARTNERS 2',
    ]);
    expect(read.bounded).toBe(false);
  });

  it('shows a filing larger than the read without counts, never as complete', async () => {
    setup((body) => filingRows('HUGE FUND', '2026-11-24', maxNum(body)));
    const read = await fetchFilings(scope, false);
    const [filing] = read.filings;
    expect(filing?.filer).toBe('HUGE FUND');
    expect(filing && describeChanges(filing)).toMatch(/^changes not counted here/);
  });
});

describe('fetchSecurityMoves', () => {
  it('says a count that reached the read’s bound is a lower bound', async () => {
    setup((body) =>
      maxNum(body) === 1
        ? [{ periodofreport: '2026-09-30' }]
        : filingRows('ACME CAPITAL', '2026-11-24', maxNum(body)),
    );
    const moves = await fetchSecurityMoves([], null);
    expect(moves.bounded).toBe(true);
    expect(moves.count).toBe(500);
  });

  it('counts every move when the read ends before its bound', async () => {
    setup((body) =>
      maxNum(body) === 1
        ? [{ periodofreport: '2026-09-30' }]
        : filingRows('ACME CAPITAL', '2026-11-24', 12),
    );
    const moves = await fetchSecurityMoves([], null);
    expect(moves).toMatchObject({ count: 12, bounded: false });
    expect(moves.rows).toHaveLength(8);
  });
});
