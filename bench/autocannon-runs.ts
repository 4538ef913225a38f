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
  /** Every process serving (the proxy runs several): pid first. CPU and memory count them all. */
  readonly pids: readonly number[];
  readonly url: string;
  /** Resident set size in bytes: /proc/<pid>/status on Linux, else asked over IPC. */
  rss(): Promise<number>;
  /** CPU time (user + system, all threads) in ms so far; NaN where /proc is missing. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./throughput-server.ts', import.meta.url));
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s everywhere it exists. */
const TICKS_PER_SECOND = 100;

/** Forks one server (see throughput-server.ts for the specs) and waits until it listens. */
export function startServer(
  spec: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerChild> {
  // `node --import tsx`, not the tsx CLI: the child's pid is then the server's own.
  // BENCH_PROFILE_ROLE=proxy (or embedded, stub): that child writes a V8 CPU profile into
  // BENCH_PROFILE_DIR (default ./profiles) when it exits, for `--cpu-prof`-style profiling.
  const profile =
    process.env.BENCH_PROFILE_ROLE === spec.role
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR ?? 'profiles'}`]
      : [];
  const child = fork(SCRIPT, [JSON.stringify(spec)], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid ?? 0;
  let pids: readonly number[] = [pid];
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );

  async function rssOf(each: number): Promise<number> {
    const status = await readFile(`/proc/${String(each)}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kib === undefined) throw new Error('no VmRSS');
    return Number(kib) * 1024;
  }

  async function rss(): Promise<number> {
    try {
      const each = await Promise.all(pids.map(rssOf));
      return each.reduce((sum, bytes) => sum + bytes, 0);
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

  async function cpuMsOf(each: number): Promise<number> {
    // Fields after the command name: state is 3rd, utime 14th, stime 15th.
    const fields = (await readFile(`/proc/${String(each)}/stat`, 'utf8'))
      .split(') ')[1]
      ?.split(' ');
    return ((Number(fields?.[11]) + Number(fields?.[12])) * 1000) / TICKS_PER_SECOND;
  }

  async function cpuMs(): Promise<number> {
    try {
      const each = await Promise.all(pids.map(cpuMsOf));
      return each.reduce((sum, ms) => sum + ms, 0);
    } catch {
      return Number.NaN;
    }
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
      const started = message as { port: number; pids?: number[] };
      pids = started.pids ?? [pid];
      const { port } = started;
      resolve({ port, pid, pids, url: `http://127.0.0.1:${port}`, rss, cpuMs, close });
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
  /** The target server's CPU time per answer in µs (all its threads). */
  readonly cpuPerRequest: number;
}

/**
 * Runs autocannon against `server`. Its own latency histogram floors to whole milliseconds, too
 * coarse for a 1 ms budget, so every answer's exact latency is collected from `response`.
 */
export async function cannon(server: ServerChild, options: autocannon.Options): Promise<RunResult> {
  const latencies: number[] = [];
  const cpuBefore = await server.cpuMs();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...options }, (error: unknown, done) => {
      if (error) reject(error instanceof Error ? error : new Error('autocannon', { cause: error }));
      else resolve(done);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  const requests = result['2xx'] + result.non2xx;
  return {
    requests,
    rps: requests / Math.max(result.duration, 1e-3),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors: result.non2xx + result.errors,
    latencies,
    cpuPerRequest: ((await server.cpuMs()) - cpuBefore) * (1000 / Math.max(requests, 1)),
  };
}

/**
 * Several runs of one server as one: every answer's latency pooled, requests per second averaged,
 * errors summed, CPU per request over all the requests.
 */
export function pooled(runs: readonly RunResult[]): RunResult {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const latencies = runs.flatMap((run) => run.latencies);
  return {
    requests,
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    latencies,
    cpuPerRequest:
      runs.reduce((sum, run) => sum + run.cpuPerRequest * run.requests, 0) / Math.max(requests, 1),
  };
}

const row = (name: string, rps: string, p50: string, p95: string, cpu: string, errors: string) => {
  console.log(
    `${name.padEnd(38)}${rps.padStart(12)}${p50.padStart(11)}${p95.padStart(11)}${cpu.padStart(14)}${errors.padStart(8)}`,
  );
};
const rpsText = (rps: number) => Math.round(rps).toLocaleString('en-US');
const cpuText = (us: number) => (Number.isNaN(us) ? '—' : `${Math.round(us)} µs`);

/**
 * Warms each target up, then runs A, B, A, B with the same request, printing a line per run and
 * the pooled figures per target.
 */
export async function alternate(
  targets: readonly { name: string; server: ServerChild }[],
  options: Omit<autocannon.Options, 'url'> & {
    path: string;
    warmupSeconds: number;
    seconds: number;
    rounds?: number;
  },
): Promise<RunResult[]> {
  const { path, warmupSeconds, seconds, rounds = 2, ...common } = options;
  const run = (server: ServerChild, duration: number) =>
    cannon(server, { ...common, url: `${server.url}${path}`, duration });
  for (const { server } of targets) await run(server, warmupSeconds);
  row('run', 'requests/s', 'p50', 'p95', 'CPU/request', 'errors');
  const runs = targets.map(() => [] as RunResult[]);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, { name, server }] of targets.entries()) {
      const one = await run(server, seconds);
      runs[index]?.push(one);
      const p95 = formatMs(one.p95);
      row(
        `${name} #${round}`,
        rpsText(one.rps),
        formatMs(one.p50),
        p95,
        cpuText(one.cpuPerRequest),
        String(one.errors),
      );
    }
  }
  return targets.map(({ name }, index) => {
    const result = pooled(runs[index] ?? []);
    row(
      `${name} (pooled)`,
      rpsText(result.rps),
      formatMs(result.p50),
      formatMs(result.p95),
      cpuText(result.cpuPerRequest),
      String(result.errors),
    );
    return result;
  });
}

/** One goal line: `name  value  goal  met|MISSED`; returns whether it was met. */
export function goalLine(name: string, value: string, goal: string, met: boolean): boolean {
  console.log(
    `${name.padEnd(46)}${value.padStart(12)}   goal ${goal.padEnd(10)}${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

/**
 * Server children under a watchdog: `spawn` starts one (see startServer); whatever hangs, after
 * `budgetMs` the benchmark ends and takes every child with it. `closeAll` at the end.
 */
export function watchedServers(budgetMs: number) {
  const servers: ServerChild[] = [];
  const closeAll = () => Promise.all(servers.map((server) => server.close()));
  setTimeout(() => {
    console.error(`\nThe benchmark did not finish within ${String(budgetMs / 1000)} s; stopping.`);
    void closeAll().finally(() => process.exit(2));
  }, budgetMs).unref();
  const spawn = async (spec: Record<string, string>): Promise<ServerChild> => {
    const server = await startServer(spec);
    servers.push(server);
    return server;
  };
  return { spawn, closeAll };
}
