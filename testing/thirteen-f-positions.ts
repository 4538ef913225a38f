/** A 13F position factory for the tests of the pure 13F analytics (positions, history, changes). */
import type { Position } from '../src/features/thirteen-f/analytics/positions.ts';

/** A position with nothing known beyond its identity. */
export const position = (fields: Partial<Position> = {}): Position => ({
  filer: 'TEST CAPITAL',
  period: '2024-06-30',
  cusip: 'C1',
  ticker: null,
  issuer: 'ISSUER ONE',
  label: 'ISSUER ONE',
  option: null,
  security: fields.cusip ?? 'C1',
  value: null,
  shares: null,
  weight: null,
  status: null,
  pctChange: null,
  filedAt: null,
  filing: null,
  ...fields,
});
