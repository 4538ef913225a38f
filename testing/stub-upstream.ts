import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stub received it. */
interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** How the stub answers one request. */
export type StubReply = (request: RecordedRequest, response: ServerResponse) => void;

/** A real HTTP server on loopback that records what reaches it and answers as told. */
export interface StubServer {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  reply: StubReply;
  /** While true, every new connection is reset at once, as a service that is down. */
  down: boolean;
  close(): Promise<void>;
}

/** Answers with JSON. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): StubReply {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

/**
 * Starts a stub on a fresh port of 127.0.0.1. It keeps that port until closed: a test of an
 * upstream that goes down and comes back sets `down` instead of closing and re-binding the port,
 * which another process could take in between.
 */
export async function startStub(reply: StubReply = json(200, { ok: true })): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const stub = {
    requests,
    reply,
    down: false,
  };
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      stub.reply(recorded, response);
    });
  });
  server.on('connection', (socket) => {
    if (stub.down) socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}
