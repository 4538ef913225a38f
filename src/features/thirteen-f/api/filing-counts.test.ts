import { describe, expect, it } from 'vitest';
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';
import { fakeRunQuery, filerQuarter as filing } from '../../../../testing/fake-run-query.ts';
import { quartersFilings } from './filing-counts.ts';

const Q4 = '2024-12-31';
const Q1 = '2025-03-31';
const PLANTED = `PLANTED FUND ${DATA_QUALITY_DEMO_LABEL}`;

describe('quartersFilings', () => {
  it('counts who filed and who filed the quarter before too, the planted filer left out', async () => {
    const { run, bodies } = fakeRunQuery([
      filing('ALPHA', Q1, Q4),
      filing('BETA', Q1, '2024-06-30'),
      filing('GAMMA', Q1, null),
      filing(PLANTED, Q1, Q4),
      filing('ALPHA', Q4, null),
      filing(PLANTED, Q4, null),
    ]);
    const counted = await quartersFilings(run, [Q1, Q4]);
    expect(Object.fromEntries(counted)).toEqual({
      [Q1]: { filed: 3, stayed: 1 },
      [Q4]: { filed: 1, stayed: 0 },
    });
    // Two counts a quarter, the planted filer's few rows once: no page of every filer's name.
    const named = bodies.filter((body) => body.count_only !== true);
    expect(
      named.map((body) => JSON.stringify((body.filters as { filter?: unknown }).filter)),
    ).toEqual([JSON.stringify([{ companyname: { $contains: DATA_QUALITY_DEMO_LABEL } }])]);
    expect(bodies).toHaveLength(5);
  });
});
