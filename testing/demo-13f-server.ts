/**
 * The whole demo served over HTTP as `npm start` serves it, on the tests' fixed today, for the
 * checks that recompute the real 13F data from the shipped files and compare it with the API.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { adaptResponse } from '#contract/response';
import type { ServiceRecord } from '#contract/response';
import type { RunQuery } from '../src/lib/api/paging.ts';
import { startTestServer } from './api-server.ts';
import type { TestServer } from './api-server.ts';
import { TODAY } from './demo-data.ts';
import { ANALYST } from './fixtures.ts';

/** The shipped 13F data: one folder per filer, each with its manifest. */
export const SHIPPED_13F_DIR = join(import.meta.dirname, '..', 'data', '13f');

/** The demo data is as of the end of the day before its today: filings made by then are in it. */
export const DEMO_AS_OF = new Date(TODAY.getTime() - 86_400_000).toISOString().slice(0, 10);

export interface Demo13fServer {
  readonly server: TestServer;
  /** The 13F rows `filters` selects, as an analyst reads them; fails the test on an error. */
  records(filters: Readonly<Record<string, unknown>>): Promise<ServiceRecord[]>;
  /** Runs any query body as the browser's API client does: rows or a count, read alike. */
  readonly run: RunQuery;
}

/** Starts the demo and signs the analyst in; close `server` when done. */
export async function startDemo13fServer(): Promise<Demo13fServer> {
  const server = await startTestServer({ users: [ANALYST], now: () => TODAY.getTime() });
  const token = await server.tokenFor(ANALYST);
  return {
    server,
    async records(filters) {
      const answer = await server.query({ module: '13f_holdings', filters }, token);
      expect(answer.status).toBe(200);
      return (answer.body as { records: ServiceRecord[] }).records;
    },
    async run(body) {
      const answer = await server.query(body, token);
      const adapted = adaptResponse(answer.body, body.module);
      if (adapted.kind === 'error') throw new Error(`${adapted.code}: ${adapted.message}`);
      return adapted;
    },
  };
}
