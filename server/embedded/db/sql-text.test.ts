/*
 * Text equality in the SQL the service runs: ILIKE where the value holds no LIKE wildcard, which
 * must find exactly the rows `lower(a) = lower(b)` found, as DuckDB lower-cases them (not as
 * JavaScript does), for any text and any value; and, on a field whose `values` the service stores
 * as given, an exact comparison with the value meant.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateQuery } from '#contract/validate';
import { Database } from './database.ts';
import { createModuleTable } from './schema.ts';
import { buildCountSql } from './sql.ts';

const TODAY = new Date('2026-06-15T12:00:00Z');

/** Texts whose case DuckDB folds in ways that differ from ASCII, and LIKE's own characters. */
const TRICKY = [
  'NEW',
  'new',
  'New',
  'SOLD OUT',
  'É',
  'é',
  'İ',
  'i̇',
  'ß',
  'SS',
  'ẞ',
  'Σ',
  'ς',
  'ǅ',
  'Ǆ',
  'K',
  'k',
  'Å',
  'Å',
  'ﬀ',
  '%',
  'N_W',
  'NEW%',
  'a\\b',
  '',
  ' ',
];

let database: Database;

beforeAll(async () => {
  database = await Database.open(':memory:', { poolSize: 1 });
  await database.withConnection(async (connection) => {
    await createModuleTable(connection, '13f_holdings');
    const values = [...TRICKY, null]
      .map((text, row) => `(${String(row)}, ${text === null ? 'NULL' : `'${text}'`})`)
      .join(', ');
    await connection.run(`INSERT INTO "13f_holdings" ("_row", "nameofissuer") VALUES ${values}`);
  });
});
afterAll(() => {
  database.close();
});

/** The rows the service's statement counts for `nameofissuer` `operator` `value`. */
async function served(operator: '$equals' | '$not_equals', value: string): Promise<number> {
  const result = validateQuery({
    module: '13f_holdings',
    count_only: true,
    filters: { filter: [{ nameofissuer: { [operator]: value } }] },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  const [row] = await database.rows(buildCountSql(result.query, TODAY));
  return Number(row?.record_count);
}

/** The same count as `lower` compares: equal, or distinct (a null is distinct from any value). */
async function byLower(operator: '$equals' | '$not_equals', value: string): Promise<number> {
  const compare = operator === '$equals' ? '=' : 'IS DISTINCT FROM';
  const [row] = await database.rows({
    sql: `SELECT CAST(count(*) AS DOUBLE) AS n FROM "13f_holdings" WHERE lower("nameofissuer") ${compare} lower($1)`,
    params: [value],
  });
  return Number(row?.n);
}

describe('text equality', () => {
  it('compares with ILIKE only where the value holds no LIKE wildcard', () => {
    const sql = (value: string) => {
      const result = validateQuery({
        module: '13f_holdings',
        filters: { filter: [{ nameofissuer: { $equals: value } }] },
      });
      if (!result.ok) throw new Error('invalid');
      return buildCountSql(result.query, TODAY).sql;
    };
    expect(sql('NEW')).toContain('"nameofissuer" ILIKE $1');
    for (const wild of ['N%', 'N_W', 'a\\b'])
      expect(sql(wild)).toContain('lower("nameofissuer") = ');
  });

  it('finds the rows lower() finds, for tricky texts and any other', async () => {
    for (const value of TRICKY)
      for (const operator of ['$equals', '$not_equals'] as const)
        expect(await served(operator, value), `${operator} ${value}`).toBe(
          await byLower(operator, value),
        );
    // A stored text and a value typed in another case (or any other), on a table of that row.
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.constantFrom('same', 'upper', 'lower', 'other'),
        text,
        fc.constantFrom('$equals' as const, '$not_equals' as const),
        async (stored, typed, other, operator) => {
          const value = {
            same: stored,
            upper: stored.toUpperCase(),
            lower: stored.toLowerCase(),
            other,
          }[typed];
          // The interface refuses an empty value; that is not the point here.
          if (value.trim() === '') return;
          await database.rows({ sql: 'DELETE FROM "13f_holdings"', params: [] });
          await database.rows({
            sql: 'INSERT INTO "13f_holdings" ("_row", "nameofissuer") VALUES (0, $1)',
            params: [stored],
          });
          expect(await served(operator, value)).toBe(await byLower(operator, value));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('equality on a field of fixed values', () => {
  const where = (filter: unknown) => {
    const result = validateQuery({ module: '13f_holdings', filters: { filter: [filter] } });
    if (!result.ok) throw new Error('invalid');
    const { sql, params } = buildCountSql(result.query, TODAY);
    return { where: sql.slice(sql.indexOf(' WHERE ')), params };
  };

  it('compares exactly with the stored value, typed in any case', () => {
    for (const typed of ['NEW', 'new', 'New'])
      expect(where({ status: { $equals: typed } })).toEqual({
        where: ' WHERE "status" = $1',
        params: ['NEW'],
      });
    expect(where({ putcall: { $not_equals: 'put' } })).toEqual({
      where: ' WHERE ("putcall" IS NULL OR NOT "putcall" = $1)',
      params: ['PUT'],
    });
    expect(where({ status: { $in: ['sold out', 'Reduced'] } })).toEqual({
      where: ' WHERE "status" IN ($1, $2)',
      params: ['SOLD OUT', 'REDUCED'],
    });
  });

  it('compares as any text does a value that is none of them', () => {
    expect(where({ status: { $equals: 'NEWISH' } }).where).toBe(' WHERE "status" ILIKE $1');
    expect(where({ status: { $in: ['NEW', 'other'] } }).where).toBe(
      ' WHERE lower("status") IN (lower($1), lower($2))',
    );
  });
});
