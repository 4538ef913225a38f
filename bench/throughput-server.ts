/**
 * One server of bench/server-throughput.bench.ts, run in a child process of its own so the load
 * generator does not share its event loop. Forked with an IPC channel and one JSON argument:
 *
 *   { "role": "stub" }                         a bare node:http upstream with fixed answers
 *   { "role": "stub", "delayMs": "200" }       the same, answering each request after 200 ms
 *   { "role": "bare", "body": "<json text>" }  a bare node:http server answering any POST with body
 *   { "role": "proxy", "upstream": "http://127.0.0.1:<port>" }  our app in upstream-proxy mode, in
 *                                              as many processes as `npm start` runs (PROXY_PROCESSES,
 *                                              or "processes": "N")
 *   { "role": "bare-proxy", "upstream": "…" }   the least a Node proxy does: node:http and undici
 *   { "role": "embedded" }                     our app in embedded mode (seeds the demo database)
 *   { "role": "embedded", "thirteenFRows": "N" }  the same with about N 13F rows
 *
 * Sends `{ port, pids }` once listening (pids: every process of the server, this one first, so CPU
 * and RSS count a proxy's supervisor too); closes and exits on the message `close` or when the parent
 * goes away (the IPC channel disconnects), so it can never outlive the benchmark.
 */
import { createServer } from 'node:http';
import { Agent, request as upstreamRequest } from 'undici';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApp } from '../server/app.ts';
import { loadConfig, proxyProcessCount } from '../server/config.ts';
import { loadServiceData } from '../server/embedded/load-data.ts';
import { createLogger } from '../server/log.ts';
import { listenAsGroup } from '../server/proxy-processes.ts';

type Role =
  | { role: 'stub'; delayMs?: string }
  | { role: 'bare'; body: string }
  | { role: 'proxy'; upstream: string; processes?: string }
  | { role: 'bare-proxy'; upstream: string }
  | { role: 'embedded'; thirteenFRows?: string };

const spec = JSON.parse(process.argv[2] ?? '{}') as Role;
const HOST = '127.0.0.1';

/** A realistic ~2 KB query answer: 8 metro-area records and the next page's offset. */
function stubQueryAnswer(): string {
  const cities = ['New York–Newark', 'London', 'Tokyo', 'Paris', 'Chicago', 'Boston', 'Zürich'];
  const records = Array.from({ length: 8 }, (_, i) => ({
    id: `a0B5f00000${String(1000 + i)}AbCdEAQ`,
    name: cities[i % cities.length],
    country__c: i % 2 === 0 ? 'United States' : 'United Kingdom',
    sort_order__c: 10 * (i + 1),
    createddate: `2024-0${String((i % 9) + 1)}-15T09:30:00.000Z`,
    lastmodifieddate: `2025-0${String((i % 9) + 1)}-20T16:45:12.000Z`,
    description__c: 'Metropolitan statistical area used to place accounts and contacts.',
  }));
  return JSON.stringify({ records, next_offset: 8 });
}

function answerWith(route: (request: IncomingMessage) => string | undefined, delayMs = 0) {
  return (request: IncomingMessage, response: ServerResponse) => {
    // Read (and drop) the body before answering, as any real server must.
    request.resume();
    request.on('end', () => {
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
    function answer() {
      const text = request.method === 'POST' ? route(request) : undefined;
      response.writeHead(text === undefined ? 404 : 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': text === undefined ? 2 : Buffer.byteLength(text),
      });
      response.end(text ?? '{}');
    }
  };
}

async function listenBare(
  route: (request: IncomingMessage) => string | undefined,
  delayMs = 0,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer({ keepAliveTimeout: 5_000 }, answerWith(route, delayMs));
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * A proxy with nothing but the forwarding: the body and two headers up, status and text back,
 * over undici's keep-alive pool. The floor our proxy is compared with: no validation, security
 * headers, logging or error answers.
 */
async function listenBareProxy(
  upstream: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const server = createServer({ keepAliveTimeout: 5_000 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = {
        'content-type': request.headers['content-type'] ?? 'text/plain',
        'oauth-token': String(request.headers['oauth-token'] ?? ''),
      };
      upstreamRequest(`${upstream}${request.url ?? '/'}`, {
        method: 'POST',
        body: Buffer.concat(chunks),
        headers,
        dispatcher,
      })
        .then(async (answer) => {
          const text = await answer.body.text();
          response.writeHead(answer.statusCode, {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(text),
          });
          response.end(text);
        })
        .catch(() => {
          response.writeHead(502).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await dispatcher.close();
    },
  };
}

/** Our app in proxy mode, listening from as many processes as `npm start` would start. */
async function startProxy(upstream: string, processes?: string): Promise<Started> {
  const env = {
    ...process.env,
    SERVICE_BASE_URL: upstream,
    LOG_LEVEL: 'silent',
    ...(processes === undefined ? {} : { PROXY_PROCESSES: processes }),
  };
  const config = loadConfig(env);
  const logger = createLogger('silent');
  const group = await listenAsGroup({
    count: proxyProcessCount(config),
    host: HOST,
    port: 0,
    assets: 'none',
    env,
    logger,
    createApp: () => createApp({ config, logger, assets: 'none' }),
  });
  const pids = [...new Set([process.pid, ...group.pids()])];
  return { port: group.port, pids, close: () => group.close() };
}

interface Started {
  port: number;
  pids?: readonly number[];
  close: () => Promise<void>;
}

async function start(): Promise<Started> {
  switch (spec.role) {
    case 'stub': {
      const query = stubQueryAnswer();
      const token = JSON.stringify({
        access_token: 'stub-access-token-0123456789abcdef',
        token_type: 'bearer',
        expires_in: 3600,
        refresh_token: 'stub-refresh-token-0123456789abcdef',
      });
      return listenBare(
        ({ url }) =>
          url === '/index.php/api/service'
            ? query
            : url === '/index.php/api/oauth2'
              ? token
              : undefined,
        Number(spec.delayMs ?? 0),
      );
    }
    case 'bare':
      return listenBare(() => spec.body);
    case 'bare-proxy':
      return listenBareProxy(spec.upstream);
    case 'proxy':
      return startProxy(spec.upstream, spec.processes);
    case 'embedded': {
      const config = loadConfig({ LOG_LEVEL: 'silent' });
      const logger = createLogger('silent');
      const thirteenFRows = Number(spec.thirteenFRows ?? 0);
      const app = await createApp({
        config,
        logger,
        assets: 'none',
        ...(thirteenFRows > 0
          ? {
              loadData: (connection, today) =>
                loadServiceData(connection, { today, config, logger, thirteenFRows }),
            }
          : {}),
      });
      return { port: await app.listen(0, HOST), close: () => app.close() };
    }
  }
}

const server = await start();
let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await server.close();
  if (process.connected) process.disconnect();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'close') void shutdown();
  if (message === 'rss') process.send?.({ rss: process.memoryUsage().rss });
});
process.on('disconnect', () => void shutdown());
process.send?.({ port: server.port, pids: server.pids ?? [process.pid] });
