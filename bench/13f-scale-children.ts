/**
 * The child processes of bench/13f-scale.bench.ts: the import CLI (`npm run import-13f`'s own
 * script) and the server (13f-scale-server.ts), each run as `node --import tsx` so the child's
 * pid is the process that does the work and /proc/<pid>/status tells its peak RSS (VmHWM).
 */
import { fork, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const IMPORT_CLI = fileURLToPath(
  new URL('../server/embedded/thirteen-f/import-cli.ts', import.meta.url),
);
const SERVER = fileURLToPath(new URL('./13f-scale-server.ts', import.meta.url));

/** The peak resident set of a live process in bytes (Linux), or NaN once it has gone. */
async function peakRss(pid: number): Promise<number> {
  try {
    const kib = /^VmHWM:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? Number.NaN : Number(kib) * 1024;
  } catch {
    return Number.NaN;
  }
}

export interface ImportRun {
  readonly rows: number;
  /** The CLI's own figure: reading, checking and storing, without Node's start. */
  readonly seconds: number;
  /** The CLI's own figure for deriving after that (the periods it names). */
  readonly deriveSeconds: number;
  readonly derived: string;
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
}

/** How a CLI run ended: its exit code (null when killed), all it printed, wall time, peak RSS. */
interface CliRun {
  readonly code: number | null;
  readonly output: string;
  readonly wallSeconds: number;
  readonly peakRssBytes: number;
}

/**
 * `npm run import-13f -- <args> --store <store>`, watched until it exits; SIGKILLed after
 * `killAfterMs` (a kill test) or `timeoutMs`. `env` adds to the environment (TMPDIR).
 */
export async function runCli(
  args: readonly string[],
  store: string,
  options: { timeoutMs: number; killAfterMs?: number; env?: Record<string, string> },
): Promise<CliRun> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', IMPORT_CLI, ...args, '--store', store],
    {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let peak = 0;
  // VmHWM only grows, so the last reading before exit is the peak to within one interval.
  const poll = setInterval(() => {
    void peakRss(child.pid ?? 0).then((bytes) => {
      if (bytes > peak) peak = bytes;
    });
  }, 100);
  const killer = setTimeout(
    () => child.kill('SIGKILL'),
    Math.min(options.timeoutMs, options.killAfterMs ?? Infinity),
  );
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (exitCode) => {
      resolve(exitCode);
    });
  });
  clearInterval(poll);
  clearTimeout(killer);
  const wallSeconds = (performance.now() - started) / 1000;
  return { code, output, wallSeconds, peakRssBytes: peak };
}

/** An import of `dataSets` (or `--derive` when none), which must succeed. */
export async function runImport(
  dataSets: readonly string[],
  store: string,
  options: { timeoutMs: number; env?: Record<string, string> },
): Promise<ImportRun> {
  const args = dataSets.length === 0 ? ['--derive'] : dataSets.flatMap((d) => ['--dataset', d]);
  const run = await runCli(args, store, options);
  const summary = /Imported \d+ filings, ([\d,]+) rows in ([\d.]+) s/.exec(run.output);
  const derived = /Derived (.*) in ([\d.]+) s\./.exec(run.output);
  if (run.code !== 0 || (dataSets.length > 0 && !summary) || !derived)
    throw new Error(`import-13f failed (exit ${String(run.code)}):\n${run.output}`);
  return {
    rows: Number(summary?.[1]?.replaceAll(',', '') ?? 0),
    seconds: Number(summary?.[2] ?? 0),
    deriveSeconds: Number(derived[2]),
    derived: derived[1] ?? '',
    wallSeconds: run.wallSeconds,
    peakRssBytes: run.peakRssBytes,
  };
}

export interface ScaleServer {
  readonly port: number;
  /** From the fork to listening, as the parent saw it; and the server's own uptime at ready. */
  readonly wallMs: number;
  readonly readyMs: number;
  peakRss(): Promise<number>;
  close(): Promise<void>;
}

/** Starts the server on `store` and waits until it listens on 127.0.0.1. */
export function startScaleServer(store: string, timeoutMs: number): Promise<ScaleServer> {
  const started = performance.now();
  const child = fork(SERVER, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FILINGS_DB: store, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  async function close(): Promise<void> {
    if (child.connected) child.send('close');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`the server did not listen within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${String(code)} before listening`));
    });
    child.once('message', (message) => {
      clearTimeout(timer);
      const { port, readyMs } = message as { port: number; readyMs: number };
      const wallMs = performance.now() - started;
      resolve({ port, wallMs, readyMs, peakRss: () => peakRss(pid), close });
    });
  });
}
