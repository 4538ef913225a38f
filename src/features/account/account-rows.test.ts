import { describe, expect, it } from 'vitest';
import { currentFields } from './account-rows.ts';

const change = (field: string, newvalue: string | null, createddate: string) => ({
  field,
  datatype: 'Text',
  newvalue,
  createddate,
});

describe('currentFields', () => {
  it('takes the newest change of each field', () => {
    const fields = currentFields([
      change('Rating', 'Hot', '2026-03-01'),
      change('Rating', 'Cold', '2025-01-01'),
    ]);
    expect(fields.get('Rating')).toBe('Hot');
  });

  it('leaves a field cleared by its newest change absent, not its older value', () => {
    const fields = currentFields([
      change('Rating', '', '2026-03-01'),
      change('Industry', null, '2026-02-01'),
      change('Rating', 'Cold', '2025-01-01'),
      change('Industry', 'Banking', '2025-01-01'),
    ]);
    expect(fields.has('Rating')).toBe(false);
    expect(fields.has('Industry')).toBe(false);
  });
});
