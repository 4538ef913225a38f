import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../testing/fixture-server.ts';
import type { TestServer } from '../testing/api-server.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  ({ server, port } = await startFixtureServer({ HEADERS_TIMEOUT_MS: '500' }));
});
afterAll(() => server.close());

describe('hardening', () => {
  it('drops a client that sends its headers too slowly (slow loris)', async () => {
    // The client keeps sending header lines and never closes: only the server's headers deadline
    // (HEADERS_TIMEOUT_MS, 500 ms here) can end the connection. How soon is measured by
    // bench/timeouts.bench.ts, never by a clock in a unit test.
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let linesSent = 0;
    await new Promise<void>((resolve) => {
      socket.write('POST /index.php/api/service HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => {
        linesSent += 1;
        socket.write('X-Slow: a\r\n');
      }, 100);
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('close', () => {
        clearInterval(drip);
        resolve();
      });
      socket.on('error', () => undefined);
    });
    expect(linesSent).toBeGreaterThan(0);
    expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 408 /);
  });
});
