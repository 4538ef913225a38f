import { describe, expect, it } from 'vitest';
import { accountSearchSchema } from './account-search.ts';

describe('the account page search', () => {
  it('keeps a quarter day and falls back to the latest for anything else', () => {
    expect(accountSearchSchema.parse({ period: '2025-12-31' })).toEqual({ period: '2025-12-31' });
    expect(accountSearchSchema.parse({})).toEqual({});
    expect(accountSearchSchema.parse({ period: 'Q4' }).period).toBeUndefined();
    expect(accountSearchSchema.parse({ period: 20251231 }).period).toBeUndefined();
  });
});
