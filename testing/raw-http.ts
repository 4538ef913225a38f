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
