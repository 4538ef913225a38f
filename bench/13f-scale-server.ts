/**
 * The server of bench/13f-scale.bench.ts, in a child process of its own so its start time and peak
 * RSS are its own. It builds the app exactly as `npm start` does (server/launch.ts: configuration
 * from the environment, FILINGS_DB included), without the browser assets, which play no part in
 * serving filings. Sends `{ port, readyMs }` once listening; exits on the message `close` or when
 * the parent goes away (the IPC channel disconnects), so it can never outlive the benchmark.
 */
import { createApp } from '../server/app.ts';
import { loadConfigOrExit } from '../server/launch.ts';
import { createLogger } from '../server/log.ts';

const config = loadConfigOrExit();
const app = await createApp({ config, logger: createLogger(config.LOG_LEVEL), assets: 'none' });
const port = await app.listen(0, '127.0.0.1');

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await app.close();
  if (process.connected) process.disconnect();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'close') void shutdown();
});
process.on('disconnect', () => void shutdown());
// process.uptime() counts from the process's own start, as launch.ts's "ready in" line does.
process.send?.({ port, readyMs: process.uptime() * 1000 });
