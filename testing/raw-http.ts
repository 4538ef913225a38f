import { connect } from 'node:net';

/**
 * Sends bytes as they are (no client library to normalise a path or a header) and returns what
 * came back, or '' when the server closed without answering. Bounded by `timeoutMs`.
 */
export function rawRequest(
  port: number,
  bytes: string | Buffer,
  timeoutMs = 3_000,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.setTimeout(timeoutMs, finish);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A kept-alive connection stays open after the answer: stop once the answer has gone quiet.
      socket.setTimeout(50, finish);
    });
    socket.on('end', finish);
    socket.on('error', finish);
    socket.write(bytes);
  });
}

/** The status code of a raw HTTP answer, or 0 for none. */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
}

/** A raw HTTP answer split into status, lower-cased headers and body (Content-Length framed). */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Parses what `rawRequest` returned; an empty answer has status 0. */
export function parseAnswer(answer: string): RawAnswer {
  const split = answer.indexOf('\r\n\r\n');
  const head = split === -1 ? answer : answer.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: statusOf(answer),
    headers,
    body: split === -1 ? '' : Buffer.from(answer.slice(split + 4), 'latin1').toString('utf8'),
  };
}
