/**
 * One of the proxy's sibling processes (see proxy-processes.ts), forked by the first one with
 * `{ port, assets }`; never run by hand. It reads the same environment, serves the same app on
 * the same port (SO_REUSEPORT), says `listening` over IPC, and exits when told to close, on
 * SIGINT/SIGTERM, or when the first process goes away.
 */
import { createApp } from './app.ts';
import { loadConfigOrExit } from './launch.ts';
import { createLogger } from './log.ts';

const { port, assets } = JSON.parse(process.argv[2] ?? '{}') as {
  port: number;
  assets: 'dist' | 'none';
};
const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL, { pid: process.pid });
const app = await createApp({ config, logger, assets });

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  void app.close().finally(() => process.exit(0));
}
process.on('message', (message) => {
  if (message === 'close') shutdown();
});
process.on('disconnect', shutdown);
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen(port, config.HOST, { reusePort: true });
process.send?.('listening');
