import { describe, expect, it } from 'vitest';
import type { HoldingChange } from '../analytics/analytics.ts';
import { changesHeadline, quarterOf } from './changes-headline.ts';

// The headline reads only the status, impact and names: every figure is unknown here.
const FIGURES = ['sharesBefore', 'sharesAfter', 'valueBefore', 'valueAfter', 'shareChangePct'];
const UNKNOWN = Object.fromEntries(
  [...FIGURES, 'quantityEffect', 'priceEffect'].map((name) => [name, null]),
);

function change(label: string, status: HoldingChange['status'], impact: number): HoldingChange {
  const names = { cusip: label, security: label, label, issuer: `${label} INC` };
  return {
    ...(UNKNOWN as Partial<HoldingChange>),
    ...names,
    status,
    impact,
    derived: true,
  } as HoldingChange;
}

describe('quarterOf', () => {
  it('names a quarter by its last day, and leaves any other day as it is', () => {
    expect(quarterOf('2025-03-31')).toBe('Q1 2025');
    expect(quarterOf('2024-12-31')).toBe('Q4 2024');
    expect(quarterOf('2025-05-15')).toBe('2025-05-15');
  });
});

describe('changesHeadline', () => {
  const changes = [
    change('OXY', 'NEW', 0.5),
    change('STZ', 'NEW', 1.2),
    change('AAPL', 'REDUCED', 3),
    change('C', 'SOLD OUT', 1.1),
    change('KO', 'UNCHANGED', 0),
    change('AXP', 'UNCHANGED', 0),
  ];

  it('counts each status and names the largest new position and exit', () => {
    expect(
      changesHeadline('BERKSHIRE HATHAWAY INC', '2025-03-31', changes, { wholeFiling: true }),
    ).toBe(
      'BERKSHIRE HATHAWAY INC, Q1 2025: bought 2 new, reduced 1, sold out of 1, 2 unchanged. ' +
        'Largest new: STZ INC (STZ), 1.20% of the portfolio; ' +
        'largest exit: C INC (C), 1.10% of the portfolio.',
    );
  });

  it('says when the counts cover only the rows loaded', () => {
    expect(changesHeadline('F', '2025-03-31', changes, { wholeFiling: false, rows: 25 })).toContain(
      '2 unchanged (among the 25 rows loaded).',
    );
  });

  it('opens on the largest exit when nothing was bought new', () => {
    const text = changesHeadline('F', '2025-03-31', [change('C', 'SOLD OUT', 1)], {
      wholeFiling: true,
    });
    expect(text).toBe(
      'F, Q1 2025: no new positions, sold out of 1. Largest exit: C INC (C), 1.00% of the portfolio.',
    );
  });

  it('names nothing when there was neither a new position nor an exit', () => {
    expect(
      changesHeadline('F', '2025-03-31', [change('KO', 'ADDED', 1)], { wholeFiling: true }),
    ).toBe('F, Q1 2025: no new positions, added to 1, no exits.');
  });
});
