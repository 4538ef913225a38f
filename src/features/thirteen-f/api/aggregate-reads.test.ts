import { describe, expect, it } from 'vitest';
import { fakeRunQuery, filerQuarter as filing } from '../../../../testing/fake-run-query.ts';
import { filedQuarters } from './aggregate-reads.ts';

const Q4 = '2024-12-31';
const Q1 = '2025-03-31';

describe('filedQuarters', () => {
  it("reads a quarter of SEC's ~8,000 filers in one request", async () => {
    const filers = Array.from({ length: 8000 }, (_, index) => filing(`M${String(index)}`, Q1, Q4));
    const { run, bodies } = fakeRunQuery(filers);
    const filed = await filedQuarters(run, [{ periodofreport: { $equals: Q1 } }]);
    expect(filed).toHaveLength(8000);
    expect(bodies).toHaveLength(1);
  });
});
