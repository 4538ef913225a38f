import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../testing/fixture-server.ts';
import type { TestServer } from '../testing/api-server.ts';
import { rawRequest, statusOf } from '../testing/raw-http.ts';

// The 'fuzz' Vitest project (vitest.config.ts) runs this file on its own, after the unit
// projects, so its 10,000 requests never compete with them for the machine's cores.

let server: TestServer;
let port: number;
let token: string;

beforeAll(async () => {
  ({ server, token, port } = await startFixtureServer({ HEADERS_TIMEOUT_MS: '500' }));
});
afterAll(() => server.close());

/** A small deterministic generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(next() * 256))),
  };
}

const PATHS = [
  '/index.php/api/service',
  '/index.php/api/oauth2',
  '/index.php/api/x',
  '/index.php/api',
  '/app-config.json',
];
const METHODS = ['POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const TYPES = [
  'text/plain',
  'application/json',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  '',
];

function malformedBody(rng: ReturnType<typeof random>): Buffer | string {
  switch (rng.int(5)) {
    case 0:
      return rng.bytes(rng.int(2_000));
    case 1:
      return '{"module": "updates", "filters": {'.slice(0, rng.int(34));
    case 2:
      return JSON.stringify({
        module: rng.pick(['updates', '13f_holdings', '\u0000', 'x'.repeat(5_000)]),
        filters: rng.int(3)
          ? []
          : {
              filter: [
                {
                  [rng.pick(['sfid', '$or', '__proto__'])]: {
                    $equals: rng.bytes(8).toString('latin1'),
                  },
                },
              ],
            },
      });
    case 3:
      return '[]'.repeat(rng.int(1_000));
    default:
      return `{"module":"updates","count_only":${rng.pick(['true', '"1"', 'null', '{}', '1e999'])}}`;
  }
}

function send(agent: Agent, rng: ReturnType<typeof random>): Promise<number> {
  const body = malformedBody(rng);
  const type = rng.pick(TYPES);
  return new Promise((resolve) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: rng.pick(METHODS),
        path: rng.pick(PATHS),
        headers: {
          ...(type ? { 'Content-Type': type } : {}),
          'Oauth-Token': rng.int(2) ? token : 'x',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          resolve(response.statusCode ?? 0);
        });
      },
    );
    call.on('error', () => {
      resolve(0);
    });
    call.end(body);
  });
}

const RAW_GARBAGE = (rng: ReturnType<typeof random>): Buffer | string =>
  rng.pick([
    () => `POST /index.php/api/service HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    () => rng.bytes(200),
    () => 'GARBAGE\r\n\r\n',
    () => `POST /index.php/api/service HTTP/1.1\r\nContent-Length: -5\r\n\r\n`,
    () =>
      `POST /index.php/api/service HTTP/1.1\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
    () => `POST ${'/a'.repeat(5_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  ])();

describe('hardening fuzz', () => {
  it('survives 10,000 malformed requests without a 5xx, and still answers', async () => {
    const rng = random(20_261_122);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const statuses: number[] = [];
    for (let batch = 0; batch < 170; batch += 1) {
      statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => send(agent, rng)))));
      if (batch % 2 === 0) {
        const raw = await Promise.all(
          Array.from({ length: 20 }, () => rawRequest(port, RAW_GARBAGE(rng), 2_000)),
        );
        statuses.push(...raw.map(statusOf));
      }
    }
    agent.destroy();
    expect(statuses.length).toBeGreaterThanOrEqual(10_000);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status >= 400).length).toBeGreaterThan(5_000);
    const healthy = await server.query({ module: 'metro_area__c', count_only: true }, token);
    expect(healthy.body).toEqual({ record_count: 4 });
  }, 90_000);
});
