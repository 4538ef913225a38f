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

/** What a streamed answer sent before it ended or its connection closed. */
export interface StreamedAnswer {
  /** Bytes handed to the socket: at most what the client read plus the kernel's buffers. */
  sent: number;
  /** Resolves when the connection has closed, read to the end or cut off by the client. */
  readonly closed: Promise<void>;
}

/**
 * Answers with `total` bytes of JSON (`{"records":[…]}`, rows of ~100 bytes), generated as it is
 * written and paced by the socket, so a 600 MB answer never sits in the stub's memory. With
 * `contentLength` the size is announced up front; without, the answer is chunked.
 */
export function streamedJson(
  total: number,
  { contentLength = false } = {},
): { reply: StubReply; answers: StreamedAnswer[] } {
  const answers: StreamedAnswer[] = [];
  const row = Buffer.from(`${JSON.stringify({ id: 'a'.repeat(80), n: 1 })},`.repeat(640));
  const reply: StubReply = (_request, response) => {
    const closed = new Promise<void>((resolve) => response.once('close', resolve));
    const answer = { sent: 0, closed };
    answers.push(answer);
    response.writeHead(200, {
      'Content-Type': 'application/json',
      ...(contentLength ? { 'Content-Length': String(total) } : {}),
    });
    const write = (bytes: Buffer) => {
      answer.sent += bytes.length;
      return response.write(bytes);
    };
    // The rows end with a comma, so a last empty object closes the array.
    const body = total - '{}]}'.length;
    write(Buffer.from('{"records":['));
    const pump = () => {
      while (!response.destroyed && answer.sent < body) {
        // Whole rows, then spaces up to the size asked for: still valid JSON.
        const left = body - answer.sent;
        if (!write(left >= row.length ? row : Buffer.alloc(left, 0x20))) return;
      }
      if (!response.destroyed && !response.writableEnded) {
        write(Buffer.from('{}]}'));
        response.end();
      }
    };
    response.on('drain', pump);
    pump();
  };
  return { reply, answers };
}

/** Sends the headers and part of a JSON body, then resets the connection (RST), mid-answer. */
export const resetMidBody: StubReply = (_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.write('{"records":[{"id":"a1"},', () => {
    setTimeout(() => response.socket?.resetAndDestroy(), 20);
  });
};
