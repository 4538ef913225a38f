import { describe, expect, it } from 'vitest';
import { MODULE_IDS, findField } from '#contract/catalog';
import { validateQuery } from '#contract/validate';
import { PORTFOLIO_FIRST_READ } from '../../lib/url-state/thirteen-f-targets.ts';
import { STARTER_QUERIES, starterBody } from './starter-queries.ts';

describe('starter queries', () => {
  it.each(MODULE_IDS)('%s has a starter query the service accepts, for its own module', (id) => {
    const starter = STARTER_QUERIES[id];
    expect(starter.body.module).toBe(id);
    expect(validateQuery(starter.body)).toMatchObject({ ok: true });
    expect(starter.description).not.toBe('');
  });

  it.each(MODULE_IDS)('%s: sent upstream, its starter sorts by one key only', (id) => {
    const orderBy = (starterBody(id, 'upstream').filters as { order_by?: string }).order_by;
    expect(orderBy ?? '').not.toContain(',');
  });

  it('keeps the metro starter’s two keys in embedded mode, and the first one upstream', () => {
    const orderOf = (mode: 'embedded' | 'upstream') =>
      (starterBody('metro_area__c', mode).filters as { order_by?: string }).order_by;
    expect(orderOf('embedded')).toBe('country__c:ASC,name:ASC');
    expect(orderOf('upstream')).toBe('country__c:ASC');
  });

  it('asks the embedded service for put/call after the columns read first, the vendor for none of ours', () => {
    const fieldsOf = (mode: 'embedded' | 'upstream') =>
      starterBody('13f_holdings', mode).filters?.fields;
    expect(fieldsOf('embedded')).toEqual(expect.arrayContaining(['ticker', 'putcall']));
    const embedded = fieldsOf('embedded') ?? [];
    // After the share change, so issuer to change stay on the first screen (column-priority.ts).
    expect(embedded.slice(0, 7)).toEqual([...PORTFOLIO_FIRST_READ, 'putcall']);
    expect(validateQuery(starterBody('13f_holdings', 'embedded'))).toMatchObject({ ok: true });
    for (const id of MODULE_IDS) {
      const fields = starterBody(id, 'upstream').filters?.fields ?? [];
      const extension = fields.filter((name) => findField(id, name)?.extension === true);
      expect(extension, id).toEqual([]);
    }
  });
});
