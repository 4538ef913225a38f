import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG } from '#contract/catalog';
import { errorBodySchema } from '#contract/errors';
import { startFixtureServer } from '../../testing/fixture-server.ts';
import type { TestServer } from '../../testing/api-server.ts';
import { IDENTITY_FIELD } from '../../testing/fixtures.ts';
import {
  ERROR_CASES,
  INTERFACE_EXAMPLES,
  OPERATOR_CASES,
  SHAPE_CASES,
} from '../../testing/conformance-cases.ts';
import type { ConformanceCase } from '../../testing/conformance-cases.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await startFixtureServer());
});
afterAll(() => server.close());

function requestBody(testCase: ConformanceCase): Record<string, unknown> {
  const { body = {}, filter, module } = testCase;
  const filters = { ...((body.filters as object | undefined) ?? {}) };
  if (filter) Object.assign(filters, { filter });
  const identity = IDENTITY_FIELD[module];
  const wantsRows = testCase.rows !== undefined && !('fields' in filters);
  if (wantsRows) Object.assign(filters, { fields: [identity] });
  return { module, ...body, ...(Object.keys(filters).length > 0 ? { filters } : {}) };
}

async function check(testCase: ConformanceCase) {
  const answer = await server.query(requestBody(testCase), token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(testCase.status ?? 200);
  const body = answer.body as Record<string, unknown>;
  if (testCase.error !== undefined) {
    expect(errorBodySchema.parse(body).error).toBe(testCase.error);
    for (const word of testCase.mentions ?? []) expect(body.error_message).toContain(word);
    expect(JSON.stringify(body)).not.toMatch(/SELECT|duckdb|at .*\.ts/i);
    return;
  }
  if (testCase.count !== undefined) expect(body).toEqual({ record_count: testCase.count });
  if (testCase.rows !== undefined) {
    const identity = IDENTITY_FIELD[testCase.module];
    const names = (body.records as Record<string, unknown>[]).map((record) => record[identity]);
    if (testCase.ordered) expect(names).toEqual(testCase.rows);
    else expect([...names].sort()).toEqual([...testCase.rows].sort());
  }
  if (testCase.nextOffset !== undefined) expect(body.next_offset).toBe(testCase.nextOffset);
}

describe('conformance over HTTP', () => {
  describe('every example request of the interface document', () => {
    it.each(INTERFACE_EXAMPLES.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      (_, testCase) => check(testCase),
    );
  });
  describe('every operator on every field kind', () => {
    it.each(OPERATOR_CASES.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      (_, testCase) => check(testCase),
    );
  });
  describe('groups, ordering, counting and paging', () => {
    it.each(SHAPE_CASES.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      (_, testCase) => check(testCase),
    );
  });
  describe('refusals name the bad part', () => {
    it.each(ERROR_CASES.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      (_, testCase) => check(testCase),
    );
  });
});

describe('response shape', () => {
  it('returns exactly the requested fields in the requested order, typed as JSON', async () => {
    const fields = [
      'lastmodifieddate',
      'fund_balance__c',
      'sfid',
      'date_acquired__c',
      'asset_class__c',
    ];
    const answer = await server.query(
      {
        module: 'investment_holdings',
        filters: { fields, filter: [{ sfid: { $equals: 'IH4' } }] },
      },
      token,
    );
    const [record] = (answer.body as { records: Record<string, unknown>[] }).records;
    expect(Object.keys(record ?? {})).toEqual(fields);
    expect(record).toEqual({
      lastmodifieddate: '2023-12-31T22:00:00Z',
      fund_balance__c: 1000000.01,
      sfid: 'IH4',
      date_acquired__c: null,
      asset_class__c: 'Cash & Equivalents',
    });
  });

  it('returns the module default fields when none are named, with booleans as booleans', async () => {
    const answer = await server.query({ module: 'updates', filters: { max_num: '1' } }, token);
    const [record] = (answer.body as { records: Record<string, unknown>[] }).records;
    expect(Object.keys(record ?? {})).toEqual(CATALOG.updates.defaultFields);
    expect(record?.job_change__c).toBe(true);
    expect(record?.last_updated_date__c).toBe('2025-06-10');
  });

  it('accepts application/json as well as text/plain', async () => {
    const answer = await server.post(
      '/index.php/api/service',
      JSON.stringify({ module: 'metro_area__c', count_only: true }),
      {
        'Content-Type': 'application/json',
        'Oauth-Token': token,
      },
    );
    expect(answer.body).toEqual({ record_count: 4 });
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const answer = await server.query('{"module": "updates",', token);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_json' });
  });
});
