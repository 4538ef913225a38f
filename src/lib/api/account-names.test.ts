import { describe, expect, it } from 'vitest';
import { findField } from '#contract/catalog';
import type { QueryRequestBody } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import { HttpError } from './api-errors.ts';
import { fetchAccountNames, isAccountIdField, resolveAccountNames } from './account-names.ts';
import type { RunQuery } from './paging.ts';

const A = '0015g00000Jo75aAAB';
const B = '0015g00000JqhmCAAR';
const C = '0015g00000JmeReAAJ';

function nameChange(accountid: string, newvalue: string | null, createddate: string) {
  return { accountid, field: 'Name', newvalue, createddate };
}

/** The fields a body asks for, as the service returns only those. */
function fieldsOf(body: QueryRequestBody): readonly string[] | undefined {
  const { fields } = body.filters as { fields?: readonly string[] };
  return fields;
}

/**
 * A fake service: answers each module with its rows, only the fields asked for (or its error),
 * recording every body.
 */
function setup(answers: Partial<Record<string, readonly ServiceRecord[] | Error>>) {
  const bodies: QueryRequestBody[] = [];
  const query: RunQuery = (body) => {
    bodies.push(body);
    const answer = answers[body.module] ?? [];
    if (answer instanceof Error) return Promise.reject(answer);
    const fields = fieldsOf(body);
    const rows = answer.map((row) =>
      fields ? Object.fromEntries(fields.map((field) => [field, row[field]])) : row,
    );
    return Promise.resolve({ kind: 'rows', rows, nextOffset: 'end' });
  };
  return { query, bodies };
}

describe('resolveAccountNames', () => {
  it('takes the latest Name change by date, whatever the rows order', () => {
    const names = resolveAccountNames([
      nameChange(A, 'Dunmore Capital Partners', '2026-11-22'),
      nameChange(A, 'Dunmore Investment Management', '2024-03-01'),
      { accountid: A, field: 'BillingCity', newvalue: 'Boston', createddate: '2026-11-24' },
    ]);
    expect(names.get(A)).toBe('Dunmore Capital Partners');
  });

  it('leaves IDs with no Name change, or a blanked one, without a name', () => {
    const names = resolveAccountNames([
      nameChange(A, 'Dunmore Investment Management', '2024-03-01'),
      nameChange(A, '', '2025-01-01'),
      { accountid: B, field: 'AUM__c', newvalue: '1000000', createddate: '2026-01-01' },
    ]);
    expect(names.has(A)).toBe(false);
    expect(names.has(B)).toBe(false);
  });

  it('fills from 13F only what history does not name', () => {
    const names = resolveAccountNames(
      [nameChange(A, 'Dunmore Capital Partners', '2026-11-22')],
      [
        { service_account_id: A, service_account_name: 'DUNMORE CAPITAL' },
        { service_account_id: C, service_account_name: 'ABRAMS CAPITAL MANAGEMENT, L.P.' },
      ],
    );
    expect(Object.fromEntries(names)).toEqual({
      [A]: 'Dunmore Capital Partners',
      [C]: 'ABRAMS CAPITAL MANAGEMENT, L.P.',
    });
  });
});

describe('fetchAccountNames', () => {
  it('asks history with $or of $equals (the vendor has no $in), then 13F for the rest', async () => {
    const { query, bodies } = setup({
      accounthistory: [nameChange(A, 'Dunmore Capital Partners', '2026-11-22')],
      '13f_holdings': [{ service_account_id: C, service_account_name: 'ABRAMS CAPITAL' }],
    });
    const names = await fetchAccountNames(query, [A, B, C], true);
    expect(Object.fromEntries(names)).toEqual({
      [A]: 'Dunmore Capital Partners',
      [C]: 'ABRAMS CAPITAL',
    });
    expect(JSON.stringify(bodies)).not.toContain('$in');
    const thirteenF = bodies.find((body) => body.module === '13f_holdings');
    expect(JSON.stringify(thirteenF)).not.toContain(A);
  });

  it('does not ask 13F without it, and takes a 403 on it as no 13F names', async () => {
    const history = [nameChange(A, 'Dunmore Capital Partners', '2026-11-22')];
    const without = setup({ accounthistory: history });
    await fetchAccountNames(without.query, [A, B], false);
    expect(without.bodies.map((body) => body.module)).toEqual(['accounthistory']);

    const refused = setup({
      accounthistory: history,
      '13f_holdings': new HttpError(403, 'forbidden', 'no'),
    });
    const names = await fetchAccountNames(refused.query, [A, B], true);
    expect(Object.fromEntries(names)).toEqual({ [A]: 'Dunmore Capital Partners' });
  });

  it('splits a page of many accounts so no body has over 200 conditions', async () => {
    const ids = Array.from(
      { length: 300 },
      (_, index) => `0015g00000J${String(index).padStart(7, '0')}`,
    );
    const { query, bodies } = setup({});
    await fetchAccountNames(query, ids, false);
    expect(bodies).toHaveLength(2);
  });
});

describe('isAccountIdField', () => {
  it('knows each CRM module account ID field by its catalog definition', () => {
    expect(isAccountIdField(findField('accounthistory', 'accountid'))).toBe(true);
    expect(isAccountIdField(findField('investment_holdings', 'account__c'))).toBe(true);
    expect(isAccountIdField(findField('updates', 'account__c'))).toBe(true);
    expect(isAccountIdField(findField('updates', 'contact__c'))).toBe(false);
  });
});
