/**
 * One of the proxy's worker processes (see proxy-processes.ts), forked by the supervisor with
 * `{ port, assets }`; never run by hand. It reads the same environment, serves the app on the
 * shared port (SO_REUSEPORT), says `listening` over IPC, and exits when told to close, on
 * SIGINT/SIGTERM, or when the supervisor goes away: then nobody would replace it or stop it, and
 * it must not keep the port.
 */
import { createApp } from './app.ts';
import { loadConfigOrExit } from './launch.ts';
import { createLogger } from './log.ts';

/** Requests still running when told to go get this long; then the process exits regardless. */
const CLOSE_DEADLINE_MS = 10_000;

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
  // Closing stops listening at once; the deadline bounds the requests still being answered.
  setTimeout(() => process.exit(1), CLOSE_DEADLINE_MS).unref();
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
