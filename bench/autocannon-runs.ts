/** Helpers of bench/server-throughput.bench.ts: server child processes and autocannon runs. */
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { formatMs, percentile } from './stats.ts';

/** A server running in a child process (bench/throughput-server.ts). */
export interface ServerChild {
  readonly port: number;
  readonly pid: number;
  readonly url: string;
  /** Resident set size in bytes: /proc/<pid>/status on Linux, else asked over IPC. */
  rss(): Promise<number>;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./throughput-server.ts', import.meta.url));

/** Forks one server (see throughput-server.ts for the specs) and waits until it listens. */
export function startServer(
  spec: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerChild> {
  // `node --import tsx`, not the tsx CLI: the child's pid is then the server's own.
  const child = fork(SCRIPT, [JSON.stringify(spec)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );

  async function rss(): Promise<number> {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
      if (kib !== undefined) return Number(kib) * 1024;
    } catch {
      // Not Linux: ask the child itself.
    }
    return new Promise((resolve) => {
      child.once('message', (message) => {
        resolve((message as { rss: number }).rss);
      });
      child.send('rss');
    });
  }

  async function close(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send('close');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the ${spec.role ?? ''} server did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the ${spec.role ?? ''} server exited before listening`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      const { port } = message as { port: number };
      resolve({ port, pid, url: `http://127.0.0.1:${port}`, rss, close });
    });
  });
}

/** POSTs a body and returns the status and text of the answer. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'text/plain', ...headers },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, text: await response.text() };
}

/** What one autocannon run measured. Latencies are ours, from every answer, in float ms. */
export interface RunResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p95: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  readonly errors: number;
  readonly latencies: number[];
}

/**
 * Runs autocannon. Its own latency histogram floors to whole milliseconds, too coarse for a
 * 1 ms budget, so every answer's exact latency is collected from the `response` event.
 */
export function cannon(options: autocannon.Options): Promise<RunResult> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...options }, (error: unknown, result) => {
      if (error) {
        reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
        return;
      }
      const requests = result['2xx'] + result.non2xx;
      resolve({
        requests,
        rps: requests / Math.max(result.duration, 1e-3),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        errors: result.non2xx + result.errors,
        latencies,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

/** Fixed-width table cells. */
export const cell = {
  left: (text: string, width: number) => text.padEnd(width),
  right: (text: string | number, width: number) => String(text).padStart(width),
  ms: (ms: number, width = 12) => formatMs(ms).padStart(width),
  rps: (rps: number, width = 12) => Math.round(rps).toLocaleString('en-US').padStart(width),
};

/** One goal line: `name  value  goal  met|MISSED`; returns whether it was met. */
export function goalLine(name: string, value: string, goal: string, met: boolean): boolean {
  console.log(
    `${name.padEnd(46)}${value.padStart(14)}   goal ${goal.padEnd(12)}${met ? 'met' : 'MISSED'}`,
  );
  return met;
}
