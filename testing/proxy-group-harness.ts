/**
 * Helpers for tests of the proxy's processes: start testing/proxy-group.ts as a real process,
 * call it on fresh connections, read which processes answered, wait for a condition.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('./proxy-group.ts', import.meta.url));

/** A proxy group started by testing/proxy-group.ts, with everything its processes printed. */
export interface Group {
  readonly child: ChildProcess;
  readonly port: number;
  readonly pids: number[];
  output(): string;
  readonly exited: Promise<number | null>;
}

/** Starts the fixture with `env`; resolves once it prints that every process listens. */
export function startGroup(env: Record<string, string>): Promise<Group> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /listening (\d+) ([\d,]+)\n/.exec(text);
      if (match) {
        const pids = (match[2] ?? '').split(',').map(Number);
        resolve({ child, port: Number(match[1]), pids, output: () => text, exited });
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      reject(new Error(`the group exited before listening:\n${text}`));
    });
  });
}

/** One query on a connection of its own, so the kernel picks a process for each. */
export function queryOnNewConnection(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path: '/index.php/api/service',
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'text/plain', 'Oauth-Token': 'token-1' },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify({ module: 'metro_area__c' }));
  });
}

/** The pids named on the request lines of the log: which processes answered. */
export function answeringPids(output: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { event?: string; pid?: number };
    if (entry.event === 'request' && entry.pid !== undefined) pids.add(entry.pid);
  }
  return pids;
}

/** Resolves once `condition` holds, checking every 50 ms; rejects after `budgetMs`. */
export async function eventually(condition: () => boolean, budgetMs = 15_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a server can bind `port` alone now: nobody listens on it any more. */
export async function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

/** The pids of the workers the supervisor started in place of dead ones, in order. */
export function restartedPids(output: string): number[] {
  return [...output.matchAll(/"event":"proxy_process_restarted".*?"started":(\d+)/g)].map((match) =>
    Number(match[1]),
  );
}

/** Calls made by a load loop, by outcome. */
export interface LoadCount {
  ok: number;
  failed: number;
  readonly failures: Map<string, number>;
}

/**
 * Calls the group's query path from `parallel` loops, each call on a fresh connection, until
 * stopped, `maxCalls` made or `maxMs` gone, whichever first; resolves with the counts.
 */
export function startLoad(
  port: number,
  { parallel, maxCalls, maxMs }: { parallel: number; maxCalls: number; maxMs: number },
): { stop(): Promise<LoadCount> } {
  const count: LoadCount = { ok: 0, failed: 0, failures: new Map() };
  const deadline = Date.now() + maxMs;
  let stopped = false;
  const fail = (why: string) => {
    count.failed++;
    count.failures.set(why, (count.failures.get(why) ?? 0) + 1);
  };
  const loop = async () => {
    while (!stopped && count.ok + count.failed < maxCalls && Date.now() < deadline) {
      try {
        const { status } = await queryOnNewConnection(port);
        if (status === 200) count.ok++;
        else fail(String(status));
      } catch (error) {
        fail((error as { code?: string }).code ?? String(error));
      }
    }
  };
  const loops = Promise.all(Array.from({ length: parallel }, loop));
  return {
    async stop() {
      stopped = true;
      await loops;
      return count;
    },
  };
}
