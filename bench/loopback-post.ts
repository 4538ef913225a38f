/** POSTs over loopback with one kept-alive socket, shared by the benchmarks that time HTTP. */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One POST over loopback; resolves with the body of a 200, rejects on anything else. */
export function post(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode === 200) resolve(text);
          else reject(new Error(`HTTP ${String(response.statusCode)}: ${text.slice(0, 300)}`));
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** Lets the process exit: keep-alive sockets would otherwise hold it open. */
export function closeConnections(): void {
  agent.destroy();
}
