import { describe, expect, it } from 'vitest';
import { heldStatus, HOLDING_STATUSES, isHoldingStatus } from './holding-status.ts';

describe('heldStatus: a position held now, against the quarter before', () => {
  it.each([
    [0, 100, 'NEW'],
    // Held with no shares is not held: a position that starts then is NEW, not ADDED.
    [0, 0, 'NEW'],
    [100, 150, 'ADDED'],
    [100, 50, 'REDUCED'],
    [100, 0, 'REDUCED'],
    [100, 100, 'UNCHANGED'],
    [0.5, 0.25, 'REDUCED'],
  ] as const)('%d shares then, %d now: %s', (before, now, status) => {
    expect(heldStatus(before, now)).toBe(status);
  });
});

describe('isHoldingStatus', () => {
  it('takes the five statuses exactly as written', () => {
    expect(HOLDING_STATUSES.filter(isHoldingStatus)).toEqual(HOLDING_STATUSES);
    expect(['new', 'SOLD_OUT', 'SOLD OUT ', '', null, 3].filter(isHoldingStatus)).toEqual([]);
  });
});
