import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_USERS } from './embedded/auth/users.ts';
import { createLogger } from './log.ts';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const logger = createLogger(config.LOG_LEVEL);
const server = createServer();
const app = await createApp({ config, logger, httpServer: server });
server.on('request', app.handle);
server.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const seconds = process.uptime().toFixed(2);
  const lines = [
    '',
    `  Marketplace analyst dashboard ready in ${seconds} s`,
    `  URL:      http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
    `  Backend:  embedded demo service (DuckDB)`,
    `  Assets:   ${app.assets === 'dist' ? 'built files from dist/' : 'compiled on the fly by Vite'}`,
  ];
  if (!config.USERS_FILE) {
    lines.push('  Demo users:');
    for (const user of DEMO_USERS) {
      lines.push(`    ${user.username} / ${user.password}  (${user.note})`);
    }
  }
  console.log(`${lines.join('\n')}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void app.close().finally(() => process.exit(0));
  });
}
