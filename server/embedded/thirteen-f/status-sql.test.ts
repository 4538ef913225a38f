import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldStatus } from '#contract/holding-status';
import { statusCases } from './status-sql.ts';

/** One position: held in the quarter before or not, its shares then (any, when not held) and now. */
const position = fc
  .record({
    held: fc.boolean(),
    before: fc.oneof(fc.constant(0), fc.nat({ max: 2 ** 40 })),
    change: fc.oneof(fc.constant(0), fc.integer({ min: -(2 ** 20), max: 2 ** 20 })),
  })
  .map(({ held, before, change }) => ({ held, before, now: Math.max(0, before + change) }));

describe('the status rule in SQL and in TypeScript', () => {
  it('DuckDB runs the generated CASE to the status heldStatus gives', async () => {
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    const cases = statusCases(
      { now: 'shares_now', before: 'shares_before', notHeldBefore: 'NOT held' },
      '      ',
    );
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(position, { minLength: 1, maxLength: 40 }), async (rows) => {
          const values = rows
            .map((row, at) => `(${at}, ${row.held}, ${row.before}::DOUBLE, ${row.now}::DOUBLE)`)
            .join(', ');
          const reader = await connection.runAndReadAll(
            `SELECT CASE\n${cases}\n    END AS status
             FROM (VALUES ${values}) AS t(i, held, shares_before, shares_now) ORDER BY i`,
          );
          const sql = reader.getRowObjects().map((row) => row.status);
          expect(sql).toEqual(rows.map((row) => heldStatus(row.held ? row.before : 0, row.now)));
        }),
        { numRuns: 60 },
      );
    } finally {
      connection.closeSync();
    }
  });
});
