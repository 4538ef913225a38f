/**
 * A test fixture: our app in proxy mode, served by PROXY_PROCESSES workers under this process
 * (see server/proxy-processes.ts), API only. Prints `listening <port> <supervisor>,<worker>,…`
 * once every worker listens; the workers share this process's stdout and stderr, so a test reads
 * every process's log lines in one place. Stops on SIGTERM like `npm start`.
 */
import { createApp } from '../server/app.ts';
import { loadConfig, proxyProcessCount } from '../server/config.ts';
import { createLogger } from '../server/log.ts';
import { listenAsGroup } from '../server/proxy-processes.ts';

const config = loadConfig(process.env);
const logger = createLogger(config.LOG_LEVEL, { pid: process.pid });
try {
  const group = await listenAsGroup({
    count: proxyProcessCount(config),
    host: config.HOST,
    port: config.PORT,
    assets: 'none',
    env: process.env,
    logger,
    createApp: () => createApp({ config, logger, assets: 'none' }),
  });
  // Before the line that tells the test to go on: a SIGTERM with no listener yet would kill.
  process.once('SIGTERM', () => {
    void group.close().then(() => process.exit(0));
  });
  const pids = [process.pid, ...group.pids()];
  process.stdout.write(`listening ${String(group.port)} ${pids.join(',')}\n`);
} catch (error) {
  process.stdout.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
