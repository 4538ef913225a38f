/**
 * The proxy's processes (docs/decisions/proxy-processes.md). Before an upstream that takes hundreds
 * of milliseconds, one Node process made requests wait for one another: with 100 connections its
 * p99 ran 8–51 ms past the upstream's own, and a bare node:http + undici proxy did no better
 * (+10–17 ms), so the time was the event loop's, not our code's. Two processes on the same port
 * brought it to +3–9 ms.
 *
 * This process binds the port and serves like any other; the others join it with SO_REUSEPORT
 * and the kernel spreads new connections among them. They are the same app: the proxy keeps no
 * state between requests (tokens travel with each call), so any process can answer any request.
 * They exit with this one: on its signal, on `close`, or when it dies and their IPC channel
 * drops, so none is left holding the port.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { App } from './app.ts';
import type { Logger } from './log.ts';

const WORKER = fileURLToPath(new URL('./proxy-worker.ts', import.meta.url));
/** A sibling that has not listened by then is reported as failed: start-up takes about 1 s. */
const START_TIMEOUT_MS = 60_000;
/** A sibling that does not close within this is killed: its requests had their chance. */
const CLOSE_TIMEOUT_MS = 10_000;
/** A sibling that dies is started again, but no more than this often a minute (a crash loop). */
const RESTARTS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

/** What a sibling process needs: the shared port, what it serves, the environment it reads. */
export interface ProcessGroupOptions {
  /** Processes in all, this one included. */
  readonly count: number;
  readonly host: string;
  readonly port: number;
  readonly assets: 'dist' | 'none';
  /** The environment the configuration came from; the siblings read theirs from it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
}

/** The app listening in one or more processes. */
export interface ListeningGroup {
  readonly port: number;
  /** The pids serving now, this process first. */
  pids(): readonly number[];
  /** Closes the siblings, then this process's app. */
  close(): Promise<void>;
}

/**
 * Checks that nobody listens on `port` by binding it alone, and returns it (the one the system
 * chose for port 0). Without this a second server started on a port already shared with
 * SO_REUSEPORT would quietly take half its connections instead of failing with EADDRINUSE.
 */
async function claimPort(port: number, host: string): Promise<number> {
  const probe = createServer();
  probe.listen({ port, host, exclusive: true });
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  return typeof address === 'object' && address !== null ? address.port : port;
}

/**
 * The sibling runs our TypeScript as this process does: under tsx's loader, which `npm start`
 * puts in the execArgv; a process started otherwise (a test runner) gets it added.
 */
function siblingExecArgv(): string[] {
  const argv = process.execArgv;
  return argv.some((arg) => arg.includes('tsx'))
    ? argv
    : [...argv, '--import', import.meta.resolve('tsx')];
}

/** Forks one sibling and waits until it listens; rejects when it exits or stalls first. */
async function startSibling(options: ProcessGroupOptions, port: number): Promise<ChildProcess> {
  const child = fork(WORKER, [JSON.stringify({ port, assets: options.assets })], {
    env: { ...options.env, PORT: String(port) },
    execArgv: siblingExecArgv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`a proxy process did not start within ${String(START_TIMEOUT_MS)} ms`));
    }, START_TIMEOUT_MS);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`a proxy process exited while starting (exit code ${String(code)})`));
    });
  });
  await listening;
  return child;
}

/** Asks a sibling to close and waits until it has exited; kills it when it takes too long. */
async function stopSibling(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.connected) child.send('close');
  const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the siblings and keeps them running: one that dies is logged and started again, up to
 * RESTARTS_PER_MINUTE a minute; past that the others serve on and the log says so.
 */
async function superviseSiblings(options: ProcessGroupOptions, port: number) {
  const siblings = new Set<ChildProcess>();
  const restarts: number[] = [];
  let closing = false;

  function watch(child: ChildProcess): void {
    siblings.add(child);
    child.once('exit', (code, signal) => {
      siblings.delete(child);
      if (closing) return;
      options.logger.error('proxy_process_exited', { exited: child.pid, code, signal });
      const now = Date.now();
      while (restarts.length > 0 && (restarts[0] ?? now) < now - MINUTE_MS) restarts.shift();
      if (restarts.length >= RESTARTS_PER_MINUTE) {
        options.logger.error('proxy_process_not_restarted', {
          restartsInLastMinute: RESTARTS_PER_MINUTE,
        });
        return;
      }
      restarts.push(now);
      startSibling(options, port).then(
        (next) => {
          // Stopped while it started: it goes too.
          if (closing) {
            void stopSibling(next);
            return;
          }
          watch(next);
          options.logger.warn('proxy_process_restarted', { started: next.pid });
        },
        (error: unknown) => {
          options.logger.error('proxy_process_not_restarted', { reason: String(error) });
        },
      );
    });
  }

  const started = await Promise.allSettled(
    Array.from({ length: options.count - 1 }, () => startSibling(options, port)),
  );
  for (const result of started) if (result.status === 'fulfilled') watch(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    closing = true;
    await Promise.all([...siblings].map(stopSibling));
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }
  return {
    pids: () => [...siblings].map((child) => child.pid ?? 0),
    async close() {
      closing = true;
      await Promise.all([...siblings].map(stopSibling));
    },
  };
}

/**
 * Listens with `app` in this process and, when `count` > 1, in `count` − 1 more on the same port.
 * A sibling that cannot start stops the whole group with its reason.
 */
export async function listenAsGroup(
  app: App,
  options: ProcessGroupOptions,
): Promise<ListeningGroup> {
  if (options.count <= 1) {
    const port = await app.listen(options.port, options.host);
    return { port, pids: () => [process.pid], close: () => app.close() };
  }
  const port = await claimPort(options.port, options.host);
  await app.listen(port, options.host, { reusePort: true });
  let siblings;
  try {
    siblings = await superviseSiblings(options, port);
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    port,
    pids: () => [process.pid, ...siblings.pids()],
    async close() {
      await siblings.close();
      await app.close();
    },
  };
}
