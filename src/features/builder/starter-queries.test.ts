import { describe, expect, it } from 'vitest';
import { MODULE_IDS } from '#contract/catalog';
import { validateQuery } from '#contract/validate';
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
});
