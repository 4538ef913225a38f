import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

/** A minimal forward proxy (CONNECT tunnels and absolute-form requests) that records targets. */
export async function startForwardProxy(): Promise<{
  url: string;
  targets: string[];
  close(): Promise<void>;
}> {
  const targets: string[] = [];
  const server = createServer((request, response) => {
    // Absolute-form: "POST http://host:port/path HTTP/1.1".
    targets.push(request.url ?? '');
    const upstream = httpRequest(
      request.url ?? '',
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  server.on('connect', (request, client, head) => {
    targets.push(`CONNECT ${request.url ?? ''}`);
    const [host = '', port = '80'] = (request.url ?? '').split(':');
    const tunnel = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      tunnel.write(head);
      tunnel.pipe(client);
      client.pipe(tunnel);
    });
    tunnel.on('error', () => client.destroy());
    client.on('error', () => tunnel.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
