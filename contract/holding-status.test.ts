import { describe, expect, it } from 'vitest';
import { HOLDING_STATUSES, isHoldingStatus } from './holding-status.ts';

describe('isHoldingStatus', () => {
  it('takes the five statuses exactly as written', () => {
    expect(HOLDING_STATUSES.filter(isHoldingStatus)).toEqual(HOLDING_STATUSES);
    expect(['new', 'SOLD_OUT', 'SOLD OUT ', '', null, 3].filter(isHoldingStatus)).toEqual([]);
  });
});
