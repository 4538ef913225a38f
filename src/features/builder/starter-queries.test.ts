import { describe, expect, it } from 'vitest';
import { MODULE_IDS } from '#contract/catalog';
import { validateQuery } from '#contract/validate';
import { STARTER_QUERIES } from './starter-queries.ts';

describe('starter queries', () => {
  it.each(MODULE_IDS)('%s has a starter query the service accepts, for its own module', (id) => {
    const starter = STARTER_QUERIES[id];
    expect(starter.body.module).toBe(id);
    expect(validateQuery(starter.body)).toMatchObject({ ok: true });
    expect(starter.description).not.toBe('');
  });
});
