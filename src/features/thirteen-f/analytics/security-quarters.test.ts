import { describe, expect, it } from 'vitest';
import { position } from '../../../../testing/thirteen-f-positions.ts';
import { securityByQuarter } from './security-quarters.ts';
import type { Position } from './positions.ts';

const Q3 = '2025-09-30';
const Q4 = '2025-12-31';
const Q1 = '2026-03-31';

const held = (filer: string, period: string, shares: number, status: Position['status']) =>
  position({ filer, period, cusip: 'AAPL', security: 'AAPL', shares, value: shares * 10, status });

describe('securityByQuarter: coverage apart from trading', () => {
  // ALPHA and BETA hold through Q4; at Q1 only GAMMA (new to the data) has filed, and ALPHA's
  // Q1 filing is in but sold out. BETA has no Q1 filing in the data.
  const quarters = securityByQuarter(
    [
      held('ALPHA', Q3, 100, null),
      held('BETA', Q3, 100, null),
      held('ALPHA', Q4, 100, 'UNCHANGED'),
      held('BETA', Q4, 50, 'REDUCED'),
      held('ALPHA', Q1, 0, 'SOLD OUT'),
      held('GAMMA', Q1, 70, null),
    ],
    'AAPL',
  );
  const at = (period: string) => quarters.find((quarter) => quarter.period === period);

  it('names the holders of the quarter before with no filing in this one: not sellers', () => {
    expect(at(Q1)?.notFiled).toEqual({ count: 1, names: ['BETA'] });
    expect(at(Q1)?.sellers).toBe(1);
    expect(at(Q4)?.notFiled).toEqual({ count: 0, names: [] });
  });

  it('names the holders new to the data, and counts like for like without them', () => {
    expect(at(Q1)?.newToData).toEqual({ count: 1, names: ['GAMMA'] });
    expect(at(Q1)?.holders).toBe(1);
    expect(at(Q1)?.steady).toEqual({ holders: 0, shares: 0, value: 0 });
    expect(at(Q4)?.steady).toEqual({ holders: 2, shares: 150, value: 1500 });
    // A filer's first quarter in the data has no status: every holder is new to the data.
    expect(at(Q3)?.newToData).toEqual({ count: 2, names: ['ALPHA', 'BETA'] });
    expect(at(Q3)?.steady.holders).toBe(0);
  });
});
