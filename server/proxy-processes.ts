/**
 * The proxy's processes (docs/decisions/proxy-processes.md). Before an upstream that takes hundreds
 * of milliseconds, one Node process made requests wait for one another: with 100 connections its
 * p99 ran 8–51 ms past the upstream's own, and a bare node:http + undici proxy did no better
 * (+10–17 ms), so the time was the event loop's, not our code's. Two processes on the same port
 * brought it to +3–9 ms.
 *
 * With more than one, this process only supervises: it checks the port is free, forks the
 * workers, which each listen with SO_REUSEPORT (the kernel spreads new connections among them),
 * and starts again any that dies, waiting longer each time one dies soon after starting. It
 * serves nothing itself, so the one process whose death would take the others with it does
 * almost nothing that could kill it (#34: when it served, a `kill -9` of it took the port down
 * for good). The workers exit when it goes, on its signal, on `close`, or when their IPC channel
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
/** A worker that has not listened by then is reported as failed: start-up takes about 1 s. */
const START_TIMEOUT_MS = 60_000;
/** A worker that does not close within this is killed: its requests had their chance. */
const CLOSE_TIMEOUT_MS = 10_000;
/** A worker that dies sooner than this after it started counts toward a crash loop. */
const STABLE_AFTER_MS = 10_000;
/** The first wait before restarting a worker of a crash loop, doubled each time, up to the cap. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

/** What the group needs: how many serve, where, what, and the environment the workers read. */
export interface ProcessGroupOptions {
  /** Processes that serve: this one alone when 1, else that many workers under this one. */
  readonly count: number;
  readonly host: string;
  readonly port: number;
  readonly assets: 'dist' | 'none';
  /** The environment the configuration came from; the workers read theirs from it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  /** The app this process serves when it serves alone; a supervisor never builds one. */
  readonly createApp: () => Promise<App>;
}

/** The app listening in one process or in supervised workers. */
export interface ListeningGroup {
  readonly port: number;
  /** The pids serving now: this process alone, or the workers (never the supervisor). */
  pids(): readonly number[];
  /** Closes the workers, or this process's app. */
  close(): Promise<void>;
}

/**
 * How long to wait before restarting a worker, from how many times in a row one died soon after
 * starting: at once after a worker that ran a while, then 0.5, 1, 2… s, at most 30 s, so a crash
 * loop (a bad deployment, a port taken) costs a fork every 30 s, not a core.
 */
export function restartDelayMs(quickDeaths: number): number {
  if (quickDeaths <= 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickDeaths - 1));
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
 * The worker runs our TypeScript as this process does: under tsx's loader, which `npm start`
 * puts in the execArgv; a process started otherwise (a test runner) gets it added.
 */
function workerExecArgv(): string[] {
  const argv = process.execArgv;
  return argv.some((arg) => arg.includes('tsx'))
    ? argv
    : [...argv, '--import', import.meta.resolve('tsx')];
}

/** Forks one worker and waits until it listens; rejects when it exits or stalls first. */
async function startWorker(options: ProcessGroupOptions, port: number): Promise<ChildProcess> {
  const child = fork(WORKER, [JSON.stringify({ port, assets: options.assets })], {
    env: { ...options.env, PORT: String(port) },
    execArgv: workerExecArgv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
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
  return child;
}

/** Asks a worker to close and waits until it has exited; kills it when it takes too long. */
async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.connected) child.send('close');
  const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `count` workers and keeps that many running: each has a slot, and a worker that dies is
 * logged and replaced in its slot after restartDelayMs. A worker that cannot start at first stops
 * the whole group with its reason.
 */
async function superviseWorkers(options: ProcessGroupOptions, port: number) {
  const workers = new Map<number, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  function keep(slot: number, child: ChildProcess, quickDeaths: number): void {
    workers.set(slot, child);
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      workers.delete(slot);
      if (closing) return;
      const deaths = Date.now() - startedAt < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
      const restartInMs = restartDelayMs(deaths);
      options.logger.error('proxy_process_exited', {
        exited: child.pid,
        code,
        signal,
        restartInMs,
      });
      restartLater(slot, deaths, restartInMs);
    });
  }

  function restartLater(slot: number, quickDeaths: number, delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      startWorker(options, port).then(
        (next) => {
          // Stopped while it started: it goes too.
          if (closing) return void stopWorker(next);
          keep(slot, next, quickDeaths);
          options.logger.warn('proxy_process_restarted', { started: next.pid });
        },
        (error: unknown) => {
          if (closing) return;
          const restartInMs = restartDelayMs(quickDeaths + 1);
          options.logger.error('proxy_process_not_started', { reason: String(error), restartInMs });
          restartLater(slot, quickDeaths + 1, restartInMs);
        },
      );
    }, delayMs);
    timers.add(timer);
  }

  async function close(): Promise<void> {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all([...workers.values()].map(stopWorker));
  }

  const started = await Promise.allSettled(
    Array.from({ length: options.count }, () => startWorker(options, port)),
  );
  started.forEach((result, slot) => {
    if (result.status === 'fulfilled') keep(slot, result.value, 0);
  });
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }
  return { pids: () => [...workers.values()].map((child) => child.pid ?? 0), close };
}

/**
 * Serves the app: in this process when `count` is 1, else from `count` supervised workers on the
 * same port, this process serving nothing.
 */
export async function listenAsGroup(options: ProcessGroupOptions): Promise<ListeningGroup> {
  if (options.count <= 1) {
    const app = await options.createApp();
    const port = await app.listen(options.port, options.host);
    return { port, pids: () => [process.pid], close: () => app.close() };
  }
  const port = await claimPort(options.port, options.host);
  const workers = await superviseWorkers(options, port);
  return { port, ...workers };
}
