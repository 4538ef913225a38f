import { createApp } from './app.ts';
import type { ServeMode } from './assets.ts';
import { loadConfig, proxyProcessCount } from './config.ts';
import type { ServerConfig } from './config.ts';
import { DEMO_USERS } from './embedded/auth/users.ts';
import { createLogger } from './log.ts';
import { turnLimits } from './embedded/query-turns.ts';
import { listenAsGroup } from './proxy-processes.ts';
import { queryConnections, threadpoolSize } from './threadpool.ts';
import type { ListeningGroup } from './proxy-processes.ts';

/** The validated environment, or the process ends naming every bad variable. */
export function loadConfigOrExit(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** What the server prints once it listens: where, what it serves, and the demo users. */
function banner(config: ServerConfig, assets: ServeMode, group: ListeningGroup): string {
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const lines = [
    '',
    `  Marketplace analyst dashboard ready in ${process.uptime().toFixed(2)} s`,
    `  URL:      http://${host === '0.0.0.0' ? 'localhost' : host}:${group.port}/`,
    config.SERVICE_BASE_URL !== undefined
      ? `  Backend:  ${new URL(config.SERVICE_BASE_URL).host} (proxied)`
      : '  Backend:  embedded demo service (DuckDB)',
    `  Assets:   ${assets === 'dist' ? 'built files from dist/' : 'compiled on the fly by Vite (development server)'}`,
  ];
  if (config.SERVICE_BASE_URL === undefined) {
    const pool = threadpoolSize(process.env);
    const limits = turnLimits(queryConnections(pool));
    lines.push(
      `  Queries:  ${String(limits.slots)} at once, ${String(limits.perLogin)} per sign-in (threadpool of ${String(pool)})`,
    );
  }
  const pids = group.pids();
  if (!pids.includes(process.pid)) {
    lines.push(
      `  Processes: ${String(pids.length)} sharing the port (pids ${pids.join(', ')}), ` +
        `supervised by ${String(process.pid)}`,
    );
  }
  if (config.SERVICE_BASE_URL === undefined && !config.USERS_FILE) {
    lines.push('  Demo users:');
    for (const user of DEMO_USERS) {
      lines.push(`    ${user.username} / ${user.password}  (${user.note})`);
    }
  }
  return `${lines.join('\n')}\n\n`;
}

/**
 * Starts the app and listens (in proxy mode from supervised workers, see proxy-processes.ts),
 * prints the URL and the demo users, and stops on SIGINT/SIGTERM.
 */
export async function launch(config: ServerConfig, assets: ServeMode): Promise<void> {
  // Vite's dev server compiles in one process; several would each compile everything.
  const count = assets === 'dist' ? proxyProcessCount(config) : 1;
  const logger = createLogger(config.LOG_LEVEL, count > 1 ? { pid: process.pid } : {});
  let group: ListeningGroup;
  try {
    group = await listenAsGroup({
      count,
      host: config.HOST,
      port: config.PORT,
      assets: 'dist',
      env: process.env,
      logger,
      createApp: () => createApp({ config, logger, assets }),
    });
  } catch (error) {
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Listening for the signals before the banner says the server is ready.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void group.close().finally(() => process.exit(0));
    });
  }
  process.stdout.write(banner(config, assets, group));
}
