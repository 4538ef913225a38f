import { describe, expect, it } from 'vitest';
import type { QueryRequestBody } from '#contract/request-body';
import type { QueryResult } from './api-client.ts';
import { pageThrough } from './paging.ts';

/** A service of `count` numbered rows that pages by offset and says where the next page starts. */
function service(count: number) {
  const asked: { offset: number; maxNum: number }[] = [];
  const query = (page: QueryRequestBody): Promise<QueryResult> => {
    const filters = page.filters as { offset: string; max_num: string };
    const offset = Number(filters.offset);
    const maxNum = Number(filters.max_num);
    asked.push({ offset, maxNum });
    const rows = Array.from({ length: Math.max(0, Math.min(maxNum, count - offset)) }, (_, i) => ({
      n: offset + i,
    }));
    const next = offset + rows.length < count ? offset + rows.length : -1;
    return Promise.resolve({ kind: 'rows', rows, nextOffset: next === -1 ? 'end' : next });
  };
  return { query, asked };
}

describe('pageThrough with a limit', () => {
  it('stops at the limit, its last page asking only for what is left', async () => {
    const { query, asked } = service(12);
    const rows = await pageThrough(
      query,
      { module: 'updates', filters: {} },
      { pageSize: 5, limit: 7 },
    );
    expect(rows.map((row) => row.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked).toEqual([
      { offset: 0, maxNum: 5 },
      { offset: 5, maxNum: 2 },
    ]);
  });

  it('ends with the rows when there are fewer than the limit, from the body’s own offset', async () => {
    const { query } = service(6);
    const body = { module: 'updates', filters: { offset: '2' } };
    const rows = await pageThrough(query, body, { pageSize: 3, limit: 10 });
    expect(rows.map((row) => row.n)).toEqual([2, 3, 4, 5]);
  });
});
