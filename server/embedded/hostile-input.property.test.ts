import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import type { FieldKind, ModuleId } from '#contract/catalog';
import { DATE_RANGES, OPERATORS, OPERATORS_BY_KIND } from '#contract/operators';
import { validateQuery } from '#contract/validate';
import { startFixtureServer } from '../../testing/fixture-server.ts';
import type { TestServer } from '../../testing/api-server.ts';
import { FIXTURE_NOW } from '../../testing/fixtures.ts';
import { buildCountSql, buildPageSql } from './db/sql.ts';
import { ROW_ID_COLUMN, SECONDARY_LAYOUTS } from './db/schema.ts';

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    `'; DROP TABLE updates; --`,
    `" OR 1=1 --`,
    '/* comment */',
    'name"; SELECT 1; --',
    '\u0000\u202e\ud83d\ude00',
    '$1',
    '%_\\',
  ),
  fc.constant('x'.repeat(10_000)),
);

const anyValue = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.tuple(hostileText, hostileText),
  fc.array(fc.oneof(hostileText, fc.integer()), { maxLength: 3 }),
  fc.constantFrom(
    '2024-01-01',
    '2024-01-01 10:00:00',
    '2024-01-01T10:00:00+05:30',
    '',
    'last_30_days',
  ),
  fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
);

const day = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Values of the right type for a kind, so valid queries reach the SQL builder and DuckDB. */
const VALUES_BY_KIND: Record<FieldKind, fc.Arbitrary<unknown>> = {
  text: hostileText,
  id: hostileText,
  url: hostileText,
  number: fc.oneof(fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true })),
  percent: fc.oneof(
    fc.integer({ min: -100, max: 100 }).map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  ),
  boolean: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0')),
  date: fc.oneof(
    day,
    day.map((d) => `${d} 12:30:00`),
  ),
  datetime: fc.oneof(
    day,
    day.map((d) => `${d} 23:59:59`),
    day.map((d) => `${d}T08:00:00+05:30`),
  ),
};

/** Orders a pair of bounds so most ranges are valid; reversed ones still come from anyValue. */
function ascending([a, b]: [unknown, unknown]): [unknown, unknown] {
  const key = (value: unknown) => (typeof value === 'number' ? value : Number(value));
  const numeric = !Number.isNaN(key(a)) && !Number.isNaN(key(b));
  const inOrder = numeric ? key(a) <= key(b) : String(a) <= String(b);
  return inOrder ? [a, b] : [b, a];
}

function conditionArbitrary(module: ModuleId) {
  const fields = CATALOG[module].fields;
  const field = fc.oneof(fc.constantFrom(...fields.map((f) => f.name)), hostileText);
  const operator = fc.oneof(fc.constantFrom(...OPERATORS), hostileText);
  // Mostly well-formed conditions with hostile values, so the SQL builder sees them too.
  const plausible = fc.constantFrom(...fields).chain((definition) => {
    const kindValue = VALUES_BY_KIND[definition.kind];
    return fc.constantFrom(...OPERATORS_BY_KIND[definition.kind]).chain((op) => {
      const fitting =
        {
          $between: fc.tuple(kindValue, kindValue).map(ascending),
          $not_null: fc.constant(''),
          $dateRange: fc.constantFrom(...DATE_RANGES.map((range) => range.name)),
          $contains: hostileText,
          $in: fc.array(kindValue, { minLength: 1, maxLength: 4 }),
        }[op as string] ?? kindValue;
      const value = fc.oneof({ arbitrary: fitting, weight: 9 }, { arbitrary: anyValue, weight: 1 });
      return fc.tuple(fc.constant(definition.name), fc.constant(op as string), value);
    });
  });
  return fc
    .oneof(
      { arbitrary: plausible, weight: 12 },
      { arbitrary: fc.tuple(field, operator, anyValue), weight: 1 },
    )
    .map(([name, op, value]) => ({ [name]: { [op]: value } }));
}

function filterTree(module: ModuleId) {
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      conditionArbitrary(module),
      fc.record({ $and: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ $or: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) }),
    ),
  }));
  return fc.array(tree, { maxLength: 4 });
}

/** Mostly `valid`, sometimes hostile: enough valid bodies reach SQL, enough bad ones do not. */
function mostly<T>(valid: fc.Arbitrary<T>) {
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: hostileText, weight: 1 });
}

const bodyArbitrary = fc.constantFrom(...MODULE_IDS).chain((module) => {
  const names = CATALOG[module].fields.map((f) => f.name);
  return fc.record(
    {
      module: mostly(fc.constant(module)),
      count_only: mostly(fc.oneof(fc.boolean(), fc.constantFrom('1', '0'))),
      filters: fc.record(
        {
          filter: filterTree(module),
          fields: fc.array(mostly(fc.constantFrom(...names)), { maxLength: 4 }),
          order_by: mostly(
            fc.constantFrom(...names.flatMap((name) => [`${name}:DESC`, `${name} asc`])),
          ),
          max_num: mostly(fc.constantFrom('5', 5, '-1')),
          offset: mostly(fc.constantFrom('0', 2)),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['module'] },
  );
});

const IDENTIFIER = /"((?:[^"]|"")*)"/g;
const FIXED_LITERALS = new Set(["'%Y-%m-%d'", "'%Y-%m-%dT%H:%M:%SZ'", "','", "''"]);

describe('hostile input never reaches SQL as code', () => {
  it('puts only catalog identifiers and no request text into SQL', () => {
    fc.assert(
      fc.property(bodyArbitrary, (body) => {
        const result = validateQuery(body);
        if (!result.ok) return;
        const { module } = result.query;
        const layout = SECONDARY_LAYOUTS[module];
        const allowed = new Set([
          module,
          ...(layout ? [layout.source] : []),
          ROW_ID_COLUMN,
          ...CATALOG[module].fields.map((f) => f.name),
        ]);
        const today = new Date(FIXTURE_NOW);
        for (const statement of [
          buildPageSql(result.query, today, 10),
          buildCountSql(result.query, today),
        ]) {
          for (const [, name] of statement.sql.matchAll(IDENTIFIER))
            expect(allowed).toContain(name);
          const literals = statement.sql.match(/'[^']*'/g) ?? [];
          for (const literal of literals) expect(FIXED_LITERALS).toContain(literal);
          expect(statement.sql).not.toMatch(/--|\/\*|;/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('hostile input over HTTP', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startFixtureServer());
  });
  afterAll(() => server.close());

  it('never answers 5xx, and every refusal is a JSON error with a message', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary, async (body) => {
        const answer = await server.query(body, token);
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) {
          const body = answer.body as Record<string, unknown>;
          expect(typeof body.error).toBe('string');
          expect(typeof body.error_message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
  });
});
