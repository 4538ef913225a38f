import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from './query.ts';
import { validateQuery } from './validate.ts';

function problem(body: unknown) {
  const result = validateQuery(body);
  if (result.ok) throw new Error('expected a refusal');
  return result.problem;
}

function accepted(body: unknown): boolean {
  const result = validateQuery(body);
  if (!result.ok) throw new Error(result.problem.message);
  return true;
}

const updates = (filters: Record<string, unknown>) => ({ module: 'updates', filters });
const KEYS = ['name', 'sfid', 'type__c', 'field_name__c', 'contact__c', 'contact_name__c'];

describe('order_by limits', () => {
  it('refuses a field sorted on twice, naming it', () => {
    expect(problem(updates({ order_by: 'name:ASC,sfid:DESC,name:DESC' }))).toMatchObject({
      error: 'invalid_request',
      path: 'filters.order_by',
      field: 'name',
    });
    expect(problem(updates({ order_by: 'name:ASC,name:DESC' })).message).toMatch(/"name".*once/);
  });

  it(`accepts ${QUERY_LIMITS.maxOrderKeys} sort keys and refuses one more, naming the limit`, () => {
    const keys = (n: number) => KEYS.slice(0, n).join(',');
    expect(accepted(updates({ order_by: keys(QUERY_LIMITS.maxOrderKeys) }))).toBe(true);
    const tooMany = problem(updates({ order_by: keys(QUERY_LIMITS.maxOrderKeys + 1) }));
    expect(tooMany).toMatchObject({ error: 'too_complex', path: 'filters.order_by' });
    expect(tooMany.message).toContain(`at most ${QUERY_LIMITS.maxOrderKeys} sort keys`);
  });

  it('refuses the reviewed attack: 20,000 repeated name:ASC', () => {
    const bad = problem(updates({ order_by: Array(20_000).fill('name:ASC').join(',') }));
    expect(bad).toMatchObject({ error: 'too_complex', path: 'filters.order_by' });
  });

  it('refuses an overlong sort key by length, before reading it', () => {
    // Blanks between a name and junk used to cost quadratic regex time.
    const bad = problem(updates({ order_by: `name${' '.repeat(20_000)}!` }));
    expect(bad).toMatchObject({ error: 'invalid_request', path: 'filters.order_by' });
    expect(bad.message).toContain('too long');
  });
});

describe('size limits on the rest of the body', () => {
  it(`refuses more than ${QUERY_LIMITS.maxFields} entries in fields`, () => {
    const fields = Array<string>(QUERY_LIMITS.maxFields + 1).fill('name');
    expect(problem(updates({ fields }))).toMatchObject({
      error: 'too_complex',
      path: 'filters.fields',
    });
    expect(accepted(updates({ fields: fields.slice(1) }))).toBe(true);
  });

  it('refuses overlong names without echoing them whole', () => {
    const long = 'x'.repeat(QUERY_LIMITS.maxNameLength + 1);
    const inFields = problem(updates({ fields: [long] }));
    expect(inFields).toMatchObject({ error: 'invalid_request', path: 'filters.fields.0' });
    const asField = problem(updates({ filter: [{ [long]: { $equals: 'a' } }] }));
    expect(asField).toMatchObject({ error: 'invalid_request', path: 'filters.filter.0' });
    const asOperator = problem(updates({ filter: [{ name: { [long]: 'a' } }] }));
    expect(asOperator).toMatchObject({ error: 'invalid_request', field: 'name' });
    const asModule = problem({ module: long });
    expect(asModule).toMatchObject({ error: 'invalid_request', path: 'module' });
    for (const refusal of [inFields, asField, asOperator, asModule]) {
      expect(refusal.message.length).toBeLessThan(300);
    }
  });

  it(`refuses values longer than ${QUERY_LIMITS.maxValueLength} characters, naming the field`, () => {
    const ok = 'v'.repeat(QUERY_LIMITS.maxValueLength);
    const long = `${ok}v`;
    expect(accepted(updates({ filter: [{ name: { $equals: ok } }] }))).toBe(true);
    expect(problem(updates({ filter: [{ name: { $equals: long } }] }))).toMatchObject({
      error: 'invalid_value',
      field: 'name',
      operator: '$equals',
      path: 'filters.filter.0',
    });
    const range = { $between: ['2024-01-01', long] };
    expect(problem(updates({ filter: [{ createddate: range }] }))).toMatchObject({
      error: 'invalid_value',
      field: 'createddate',
    });
  });

  it(`refuses $contains patterns longer than ${QUERY_LIMITS.maxContainsLength}`, () => {
    const ok = 'p'.repeat(QUERY_LIMITS.maxContainsLength);
    const nested = (text: string) => [
      { $or: [{ sfid: { $equals: 'U1' } }, { name: { $contains: text } }] },
    ];
    expect(accepted(updates({ filter: nested(ok) }))).toBe(true);
    const bad = problem(updates({ filter: nested(`${ok}p`) }));
    expect(bad).toMatchObject({
      error: 'invalid_value',
      field: 'name',
      operator: '$contains',
      path: 'filters.filter.0.$or.1',
    });
    expect(bad.message).toContain(`at most ${QUERY_LIMITS.maxContainsLength} characters`);
  });

  it(`refuses an offset beyond ${QUERY_LIMITS.maxOffset}, as a string or a number`, () => {
    expect(accepted(updates({ offset: String(QUERY_LIMITS.maxOffset) }))).toBe(true);
    for (const offset of [String(QUERY_LIMITS.maxOffset + 1), QUERY_LIMITS.maxOffset + 1]) {
      const bad = problem(updates({ offset }));
      expect(bad).toMatchObject({ error: 'invalid_request', path: 'filters.offset' });
      expect(bad.message).toContain(String(QUERY_LIMITS.maxOffset));
    }
  });
});
