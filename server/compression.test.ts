import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '#contract/auth';
import { startTestServer } from '../testing/api-server.ts';
import type { TestServer } from '../testing/api-server.ts';
import { ANALYST } from '../testing/fixtures.ts';
import { appendRows } from './embedded/db/schema.ts';
import type { Logger } from './log.ts';

const METRO_ROWS = 30_000;

/** Enough metro areas that the whole table is a multi-megabyte answer. */
async function loadManyMetroAreas(connection: DuckDBConnection): Promise<void> {
  await appendRows(
    connection,
    'metro_area__c',
    Array.from({ length: METRO_ROWS }, (_, index) => ({
      name: `Metro area number ${String(index)} of the compression test`,
      country__c: ['United States', 'Canada', 'United Kingdom'][index % 3] ?? '',
      sort_order__c: index,
      createddate: '2024-02-14T16:05:23Z',
    })),
  );
}

let server: TestServer;
let token: string;
/** What the server logged, level and event: a client's hang-up must not read as our failure. */
const logged: { level: keyof Logger; event: string }[] = [];
const recorder: Logger = {
  debug: (event) => logged.push({ level: 'debug', event }),
  info: (event) => logged.push({ level: 'info', event }),
  warn: (event) => logged.push({ level: 'warn', event }),
  error: (event) => logged.push({ level: 'error', event }),
};

beforeAll(async () => {
  server = await startTestServer({
    users: [ANALYST],
    loadData: loadManyMetroAreas,
    logger: recorder,
    env: { ROW_CAP: String(METRO_ROWS) },
  });
  token = await server.tokenFor(ANALYST);
});
afterAll(() => server.close());

interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: Buffer;
}

/**
 * POSTs a query with exactly the headers given: node:http adds no Accept-Encoding and decodes
 * nothing (fetch would do both), so the bytes are what the server sent.
 */
function postQuery(body: unknown, headers: Record<string, string>): Promise<RawResponse> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: API_PATHS.query,
        headers: { 'Content-Type': 'text/plain', 'Oauth-Token': token, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          });
        });
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify(body));
  });
}

const EVERY_ROW = { module: 'metro_area__c', filters: { max_num: '-1' } };

function expectApiHeaders(response: RawResponse) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toBe('sandbox');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
}

describe('compression of API answers', () => {
  it('sends a multi-megabyte answer gzip-compressed when asked, decoding to the same JSON', async () => {
    const plain = await postQuery(EVERY_ROW, {});
    expect(plain.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThan(2_000_000);
    const gzip = await postQuery(EVERY_ROW, { 'Accept-Encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 5);
    const decoded = JSON.parse(gunzipSync(gzip.bytes).toString('utf8')) as { records: unknown[] };
    expect(decoded).toEqual(JSON.parse(plain.bytes.toString('utf8')));
    expect(decoded.records).toHaveLength(METRO_ROWS);
    expectApiHeaders(gzip);
  });

  it('sends brotli to a client that prefers it', async () => {
    const plain = await postQuery(EVERY_ROW, {});
    const br = await postQuery(EVERY_ROW, { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    expectApiHeaders(br);
  });

  it('leaves uncompressed an answer to a client that did not ask', async () => {
    const plain = await postQuery(EVERY_ROW, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(
      (JSON.parse(plain.bytes.toString('utf8')) as { records: unknown[] }).records,
    ).toHaveLength(METRO_ROWS);
    expectApiHeaders(plain);
  });

  it('leaves a small answer uncompressed, whatever the client accepts', async () => {
    const small = await postQuery(
      { module: 'metro_area__c', count_only: true },
      { 'Accept-Encoding': 'gzip, br' },
    );
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString('utf8'))).toEqual({ record_count: METRO_ROWS });
    expectApiHeaders(small);
    const error = await postQuery({ module: 'nope' }, { 'Accept-Encoding': 'gzip' });
    expect(error.status).toBe(404);
    expect(error.headers['content-encoding']).toBeUndefined();
    expectApiHeaders(error);
  });

  it('logs a client that hangs up mid-answer as gone, not as a failure of ours', async () => {
    const { port } = new URL(server.baseUrl);
    logged.length = 0;
    await new Promise<void>((resolve) => {
      const call = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: API_PATHS.query,
        headers: { 'Content-Type': 'text/plain', 'Oauth-Token': token, 'Accept-Encoding': 'gzip' },
      });
      call.on('error', () => undefined);
      // The analyst leaves the page while the multi-megabyte answer is being made.
      call.end(JSON.stringify(EVERY_ROW), () => {
        setTimeout(() => {
          call.destroy();
          resolve();
        }, 20);
      });
    });
    await vi.waitFor(() => {
      expect(logged.map(({ event }) => event)).toContain('client_gone');
    });
    expect(logged.filter(({ level }) => level === 'error')).toEqual([]);
  });
});
