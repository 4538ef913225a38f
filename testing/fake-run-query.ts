/**
 * A query runner (`RunQuery`) over records, as the service filters, orders and pages them
 * (`filteringService`), keeping the bodies it ran: for the reads that take a runner.
 */
import type { QueryRequestBody } from '#contract/request-body';
import { adaptResponse } from '#contract/response';
import type { RunQuery } from '../src/lib/api/paging.ts';
import { filteringService } from './fake-fetch.ts';

/** A `RunQuery` over `records` as the service filters, orders and pages them; bodies kept. */
export function fakeRunQuery(records: readonly Record<string, unknown>[]) {
  const bodies: QueryRequestBody[] = [];
  const answer = filteringService(records);
  const run: RunQuery = async (body) => {
    bodies.push(body);
    const response = await answer({
      url: '/index.php/api/service',
      headers: {},
      body: JSON.stringify(body),
      credentials: undefined,
      signal: undefined,
    });
    if (response instanceof Error) throw response;
    const adapted = adaptResponse(await response.json(), body.module);
    if (adapted.kind === 'error') throw new Error(adapted.message);
    return adapted;
  };
  return { run, bodies };
}

/** A `13f_filer_quarters` row: `filer` filed `period`, its previous period filed before it. */
export const filerQuarter = (filer: string, period: string, previousperiod: string | null) => ({
  companyname: filer,
  periodofreport: period,
  positions: 1,
  previousperiod,
});
