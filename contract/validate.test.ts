import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  EXTENSION_MODULE_IDS,
  isModuleId,
  isServedModuleId,
  MODULE_IDS,
  permissionModule,
} from './catalog.ts';
import { isExtensionOperator, OPERATORS_BY_KIND, resolveDateRange } from './operators.ts';
import { parseOrderBy, QUERY_LIMITS } from './query.ts';
import { validateQuery } from './validate.ts';
import { parseScalar } from './values.ts';

function problem(body: unknown) {
  const result = validateQuery(body);
  if (result.ok) throw new Error('expected a refusal');
  return result.problem;
}

describe('catalog', () => {
  it('defines the six modules, each default field a field of its module', () => {
    expect(MODULE_IDS).toHaveLength(6);
    for (const id of MODULE_IDS) {
      const names = CATALOG[id].fields.map((field) => field.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of CATALOG[id].defaultFields) expect(names).toContain(name);
    }
  });

  it('adds our own aggregate modules apart from the six: marked, never a vendor module', () => {
    expect(EXTENSION_MODULE_IDS).toEqual(['13f_security_quarters', '13f_filer_quarters']);
    for (const id of EXTENSION_MODULE_IDS) {
      const definition = CATALOG[id];
      expect(definition.id).toBe(id);
      expect(definition.extension).toBe(true);
      expect(isModuleId(id)).toBe(false);
      expect(isServedModuleId(id)).toBe(true);
      // Made of 13F rows: whoever may not read those may not read their aggregates.
      expect(permissionModule(id)).toBe('13f_holdings');
      const names = definition.fields.map((field) => field.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of definition.defaultFields) expect(names).toContain(name);
    }
    for (const id of MODULE_IDS) expect(CATALOG[id].extension).toBeUndefined();
    expect(isServedModuleId('toString')).toBe(false);
  });

  it('offers at least "has a value" on every kind', () => {
    for (const operators of Object.values(OPERATORS_BY_KIND))
      expect(operators).toContain('$not_null');
  });
});

describe('validateQuery', () => {
  it('accepts a query of an aggregate module, its fields checked against its own catalog', () => {
    const result = validateQuery({
      module: '13f_filer_quarters',
      filters: { fields: ['companyname', 'positions'], order_by: 'top10pct:DESC' },
    });
    expect(result.ok && result.query.module).toBe('13f_filer_quarters');
    expect(
      problem({ module: '13f_security_quarters', filters: { fields: ['status'] } }),
    ).toMatchObject({ error: 'unknown_field', field: 'status' });
  });

  it('accepts the minimal query and fills the defaults', () => {
    const result = validateQuery({ module: 'updates' });
    expect(result.ok && result.query).toMatchObject({
      countOnly: false,
      offset: 0,
      maxNum: undefined,
    });
    expect(result.ok && result.query.fields.map((field) => field.name)).toEqual(
      CATALOG.updates.defaultFields,
    );
  });

  it('names the path, field and operator of a bad condition deep in a group', () => {
    const bad = problem({
      module: 'investment_holdings',
      filters: {
        filter: [{ $or: [{ sfid: { $equals: 'a' } }, { fund_balance__c: { $gt: 'x' } }] }],
      },
    });
    expect(bad).toMatchObject({
      error: 'invalid_value',
      path: 'filters.filter.0.$or.1',
      field: 'fund_balance__c',
      operator: '$gt',
    });
  });

  it('refuses an unknown module with 404 semantics, listing the valid ones', () => {
    const bad = problem({ module: 'accounts' });
    expect(bad.error).toBe('unknown_module');
    expect(bad.message).toContain('metro_area__c');
  });

  it('refuses unknown keys instead of ignoring them', () => {
    expect(problem({ module: 'updates', filters: { limit: 5 } }).message).toContain('limit');
  });

  it('parses max_num "-1" as no limit and strings as numbers', () => {
    const result = validateQuery({ module: 'updates', filters: { max_num: '-1', offset: '20' } });
    expect(result.ok && result.query).toMatchObject({ maxNum: undefined, offset: 20 });
  });
});

describe('$in, our extension', () => {
  const holdings = (value: unknown, field = 'periodofreport') => ({
    module: '13f_holdings',
    filters: { filter: [{ [field]: { $in: value } }] },
  });
  const named = { path: 'filters.filter.0', field: 'periodofreport', operator: '$in' };

  it('parses each value as the field kind parses an $equals value', () => {
    const result = validateQuery(holdings(['2025-09-30', '2025-12-31 18:00:00']));
    expect(result.ok && result.query.filter).toMatchObject([
      {
        operator: '$in',
        values: [
          { type: 'day', value: '2025-09-30' },
          { type: 'day', value: '2025-12-31' },
        ],
      },
    ]);
    const numbers = validateQuery(holdings(['1000', 2.5], 'value'));
    expect(numbers.ok && numbers.query.filter).toMatchObject([
      { values: [{ value: 1000 }, { value: 2.5 }] },
    ]);
  });

  it('refuses an empty list, naming the field', () => {
    expect(problem(holdings([]))).toMatchObject({ ...named, error: 'invalid_value' });
    expect(problem(holdings([])).message).toBe(
      'periodofreport $in: send at least one value in the array',
    );
  });

  it('refuses a value that is not a list', () => {
    expect(problem(holdings('2025-09-30'))).toMatchObject({ ...named, error: 'invalid_value' });
  });

  it(`accepts ${QUERY_LIMITS.maxInValues} values and refuses one more, naming the limit`, () => {
    const values = Array.from({ length: QUERY_LIMITS.maxInValues + 1 }, (_, i) => String(i));
    expect(validateQuery(holdings(values.slice(1), 'value')).ok).toBe(true);
    const tooMany = problem(holdings(values, 'value'));
    expect(tooMany).toMatchObject({ ...named, field: 'value', error: 'invalid_value' });
    expect(tooMany.message).toContain(`at most ${QUERY_LIMITS.maxInValues} values`);
  });

  it('names which value does not suit the kind', () => {
    const bad = problem(holdings(['2025-09-30', '2025-02-30']));
    expect(bad).toMatchObject({ ...named, error: 'invalid_value' });
    expect(bad.message).toMatch(/^periodofreport \$in: value 2: "2025-02-30" is not a date/);
    expect(problem(holdings(['1', 'lots'], 'value')).message).toContain(
      'value 2: "lots" is not a number',
    );
    expect(problem(holdings([['AAPL']], 'ticker')).message).toContain('value 1:');
  });

  it('applies to text, id, number, percent and date fields only', () => {
    for (const [kind, operators] of Object.entries(OPERATORS_BY_KIND)) {
      const listed = ['text', 'id', 'number', 'percent', 'date'].includes(kind);
      expect(operators.includes('$in'), kind).toBe(listed);
    }
    expect(problem(holdings(['2025-05-15'], 'filedat')).error).toBe('unsupported_operator');
  });

  it('is marked as an operator the vendor does not document', () => {
    expect(isExtensionOperator('$in')).toBe(true);
    expect(isExtensionOperator('$equals')).toBe(false);
  });
});

describe('parseOrderBy', () => {
  it.each([
    ['name:ASC', [{ field: 'name', direction: 'ASC' }]],
    ['name:DESC', [{ field: 'name', direction: 'DESC' }]],
    ['name desc', [{ field: 'name', direction: 'DESC' }]],
    ['name asc', [{ field: 'name', direction: 'ASC' }]],
    ['name', [{ field: 'name', direction: 'ASC' }]],
    [
      'a:DESC, b asc',
      [
        { field: 'a', direction: 'DESC' },
        { field: 'b', direction: 'ASC' },
      ],
    ],
  ])('reads %s', (text, terms) => {
    expect(parseOrderBy(text)).toEqual(terms);
  });

  it.each(['name;DROP', 'name:UP', '', 'name desc extra'])('refuses %j', (text) => {
    expect(parseOrderBy(text)).toBeUndefined();
  });
});

describe('parseScalar', () => {
  it('reads numbers from strings and rejects words', () => {
    expect(parseScalar('number', '1000000')).toEqual({
      ok: true,
      value: { type: 'number', value: 1000000 },
    });
    expect(parseScalar('percent', '-2.5')).toEqual({
      ok: true,
      value: { type: 'number', value: -2.5 },
    });
    expect(parseScalar('number', '1e3x').ok).toBe(false);
    expect(parseScalar('number', '').ok).toBe(false);
  });

  it('normalises datetimes with offsets to UTC and keeps bare days as days', () => {
    expect(parseScalar('datetime', '2024-01-31T23:59:59-05:00')).toEqual({
      ok: true,
      value: { type: 'instant', value: '2024-02-01T04:59:59.000Z' },
    });
    expect(parseScalar('datetime', '2024-01-01 00:00:00')).toEqual({
      ok: true,
      value: { type: 'instant', value: '2024-01-01T00:00:00.000Z' },
    });
    expect(parseScalar('datetime', '2024-01-31')).toEqual({
      ok: true,
      value: { type: 'day', value: '2024-01-31' },
    });
  });

  it('rejects impossible calendar days', () => {
    expect(parseScalar('date', '2023-02-29').ok).toBe(false);
    expect(parseScalar('date', '2024-02-29').ok).toBe(true);
    expect(parseScalar('datetime', '2024-01-01 24:00:00').ok).toBe(false);
  });

  it('reads booleans in the forms clients send', () => {
    for (const raw of [true, 'true', '1', 1])
      expect(parseScalar('boolean', raw)).toMatchObject({ ok: true, value: { value: true } });
    for (const raw of [false, 'false', '0', 0])
      expect(parseScalar('boolean', raw)).toMatchObject({ ok: true, value: { value: false } });
    expect(parseScalar('boolean', 'yes').ok).toBe(false);
  });
});

describe('resolveDateRange', () => {
  const today = new Date('2025-03-15T18:00:00Z');
  it.each([
    ['last_30_days', '2025-02-14', '2025-03-15'],
    ['last_7_days', '2025-03-09', '2025-03-15'],
    ['today', '2025-03-15', '2025-03-15'],
    ['yesterday', '2025-03-14', '2025-03-14'],
    ['this_month', '2025-03-01', '2025-03-31'],
    ['last_month', '2025-02-01', '2025-02-28'],
    ['this_year', '2025-01-01', '2025-12-31'],
    ['last_year', '2024-01-01', '2024-12-31'],
  ] as const)('%s covers %s to %s', (name, first, last) => {
    expect(resolveDateRange(name, today)).toEqual({ first, last });
  });

  it('crosses a year boundary for last_month in January', () => {
    expect(resolveDateRange('last_month', new Date('2025-01-10T00:00:00Z'))).toEqual({
      first: '2024-12-01',
      last: '2024-12-31',
    });
  });
});
