import { describe, expect, it } from 'vitest';
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';
import type { QueryRequestBody } from '#contract/request-body';
import { adaptResponse } from '#contract/response';
import { filteringService } from '../../../../testing/fake-fetch.ts';
import { filedQuarters, periodFilings } from './aggregate-reads.ts';
import type { RunQuery } from './aggregate-reads.ts';

const Q4 = '2024-12-31';
const Q1 = '2025-03-31';
const PLANTED = `PLANTED FUND ${DATA_QUALITY_DEMO_LABEL}`;

/** A `RunQuery` over `records` as the service filters, orders and pages them; bodies kept. */
function service(records: readonly Record<string, unknown>[]) {
  const bodies: QueryRequestBody[] = [];
  const answer = filteringService(records);
  const run: RunQuery = async (body) => {
    bodies.push(body);
    const response = await answer({
      url: '/index.php/api/service',
      headers: {},
      body: JSON.stringify(body),
      signal: undefined,
    });
    if (response instanceof Error) throw response;
    const adapted = adaptResponse(await response.json(), body.module);
    if (adapted.kind === 'error') throw new Error(adapted.message);
    return adapted;
  };
  return { run, bodies };
}

const filing = (filer: string, period: string, previousperiod: string | null) => ({
  companyname: filer,
  periodofreport: period,
  positions: 1,
  previousperiod,
});

describe('periodFilings', () => {
  it('counts who filed and who filed the quarter before too, the planted filer left out', async () => {
    const { run, bodies } = service([
      filing('ALPHA', Q1, Q4),
      filing('BETA', Q1, '2024-06-30'),
      filing('GAMMA', Q1, null),
      filing(PLANTED, Q1, Q4),
      filing('ALPHA', Q4, null),
      filing(PLANTED, Q4, null),
    ]);
    expect(await periodFilings(run, Q1, Q4)).toEqual({ filed: 3, stayed: 1 });
    // Counts and the planted filer's few rows: no page of every filer's name.
    const named = bodies.filter((body) => body.count_only !== true);
    expect(
      named.map((body) => JSON.stringify((body.filters as { filter?: unknown }).filter)),
    ).toEqual([
      JSON.stringify([
        { periodofreport: { $equals: Q1 } },
        { companyname: { $contains: DATA_QUALITY_DEMO_LABEL } },
      ]),
    ]);
  });
});

describe('filedQuarters', () => {
  it("reads a quarter of SEC's ~8,000 filers in one request", async () => {
    const filers = Array.from({ length: 8000 }, (_, index) => filing(`M${String(index)}`, Q1, Q4));
    const { run, bodies } = service(filers);
    const filed = await filedQuarters(run, [{ periodofreport: { $equals: Q1 } }]);
    expect(filed).toHaveLength(8000);
    expect(bodies).toHaveLength(1);
  });
});
