/**
 * A test fixture: our app in proxy mode, listening as a group of PROXY_PROCESSES processes (see
 * server/proxy-processes.ts), API only. Prints `listening <port> <pid,pid,…>` once every process
 * listens; the siblings share this process's stdout and stderr, so a test reads every process's
 * log lines in one place. Stops on SIGTERM like `npm start`.
 */
import { createApp } from '../server/app.ts';
import { loadConfig, proxyProcessCount } from '../server/config.ts';
import { createLogger } from '../server/log.ts';
import { listenAsGroup } from '../server/proxy-processes.ts';

const config = loadConfig(process.env);
const count = proxyProcessCount(config);
const logger = createLogger(config.LOG_LEVEL, { pid: process.pid });
const app = await createApp({ config, logger, assets: 'none' });
try {
  const group = await listenAsGroup(app, {
    count,
    host: config.HOST,
    port: config.PORT,
    assets: 'none',
    env: process.env,
    logger,
  });
  // Before the line that tells the test to go on: a SIGTERM with no listener yet would kill.
  process.once('SIGTERM', () => {
    void group.close().then(() => process.exit(0));
  });
  process.stdout.write(`listening ${String(group.port)} ${group.pids().join(',')}\n`);
} catch (error) {
  process.stdout.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
