import { createApp } from './app.ts';
import type { ServeMode } from './assets.ts';
import { loadConfig } from './config.ts';
import type { ServerConfig } from './config.ts';
import { DEMO_USERS } from './embedded/auth/users.ts';
import { createLogger } from './log.ts';

/** The validated environment, or the process ends naming every bad variable. */
export function loadConfigOrExit(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Starts the app, listens, prints the URL and the demo users, and stops on SIGINT/SIGTERM. */
export async function launch(config: ServerConfig, assets: ServeMode): Promise<void> {
  const logger = createLogger(config.LOG_LEVEL);
  const app = await createApp({ config, logger, assets });
  const port = await app.listen(config.PORT, config.HOST);
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const lines = [
    '',
    `  Marketplace analyst dashboard ready in ${process.uptime().toFixed(2)} s`,
    `  URL:      http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`,
    app.backend === 'upstream'
      ? `  Backend:  ${new URL(config.SERVICE_BASE_URL ?? '').host} (proxied)`
      : '  Backend:  embedded demo service (DuckDB)',
    `  Assets:   ${assets === 'dist' ? 'built files from dist/' : 'compiled on the fly by Vite (development server)'}`,
  ];
  if (app.backend === 'embedded' && !config.USERS_FILE) {
    lines.push('  Demo users:');
    for (const user of DEMO_USERS) {
      lines.push(`    ${user.username} / ${user.password}  (${user.note})`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().finally(() => process.exit(0));
    });
  }
}
