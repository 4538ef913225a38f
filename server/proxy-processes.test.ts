import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, startStub } from '../testing/stub-upstream.ts';
import { isProcessRunning } from './process-alive.ts';
import type { StubServer } from '../testing/stub-upstream.ts';

// Real processes: each group start forks Node with tsx, about a second each on two cores. The
// budgets bound the harness; nothing here is timed.
const START_BUDGET_MS = 60_000;
const FIXTURE = fileURLToPath(new URL('../testing/proxy-group.ts', import.meta.url));
const QUERY_ANSWER = { records: [{ id: 'a01' }], next_offset: 1 };

/** A proxy group started by testing/proxy-group.ts, with everything its processes printed. */
interface Group {
  readonly child: ChildProcess;
  readonly port: number;
  readonly pids: number[];
  output(): string;
  readonly exited: Promise<number | null>;
}

function startGroup(env: Record<string, string>): Promise<Group> {
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
function queryOnNewConnection(port: number): Promise<{ status: number; body: string }> {
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
function answeringPids(output: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { event?: string; pid?: number };
    if (entry.event === 'request' && entry.pid !== undefined) pids.add(entry.pid);
  }
  return pids;
}

/** Resolves once `condition` holds, checking every 50 ms; rejects after `budgetMs`. */
async function eventually(condition: () => boolean, budgetMs = 15_000): Promise<void> {
  const deadline = Date.now() + budgetMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a server can bind `port` alone now: nobody listens on it any more. */
async function portIsFree(port: number): Promise<boolean> {
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

describe('the proxy in several processes sharing one port', () => {
  let upstream: StubServer;
  const started: Group[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const group = await startGroup({ SERVICE_BASE_URL: upstream.url, ...env });
    started.push(group);
    return group;
  };

  beforeAll(async () => {
    upstream = await startStub(json(200, QUERY_ANSWER));
  });
  afterEach(() => {
    for (const group of started.splice(0)) {
      for (const pid of group.pids) if (isProcessRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });
  afterAll(async () => {
    await upstream.close();
  });

  it(
    'answers from every process, each the upstream answer, and says which process wrote a line',
    async () => {
      const group = await start({ PROXY_PROCESSES: '3' });
      expect(new Set(group.pids).size).toBe(3);
      expect(group.pids[0]).toBe(group.child.pid);

      const answers = await Promise.all(
        Array.from({ length: 60 }, () => queryOnNewConnection(group.port)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200));
      expect(new Set(answers.map((answer) => answer.body))).toEqual(
        new Set([JSON.stringify(QUERY_ANSWER)]),
      );
      // 60 connections spread by the kernel: every process has answered some.
      await eventually(() => answeringPids(group.output()).size === 3);
      expect([...answeringPids(group.output())].sort()).toEqual([...group.pids].sort());
    },
    START_BUDGET_MS,
  );

  it(
    'starts a process that died again, and keeps answering meanwhile',
    async () => {
      const group = await start({ PROXY_PROCESSES: '2' });
      const [, sibling = 0] = group.pids;
      process.kill(sibling, 'SIGKILL');
      await eventually(() => /"event":"proxy_process_restarted"/.test(group.output()));
      expect(group.output()).toMatch(
        new RegExp(`"event":"proxy_process_exited".*"exited":${String(sibling)}`),
      );
      const restarted = Number(/"started":(\d+)/.exec(group.output())?.[1]);
      expect(isProcessRunning(restarted)).toBe(true);
      group.pids.push(restarted);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => queryOnNewConnection(group.port)),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    },
    START_BUDGET_MS,
  );

  it(
    'leaves no process holding the port when the first one is killed outright',
    async () => {
      const group = await start({ PROXY_PROCESSES: '3' });
      process.kill(group.pids[0] ?? 0, 'SIGKILL');
      await eventually(() => group.pids.every((pid) => !isProcessRunning(pid)));
      expect(await portIsFree(group.port)).toBe(true);
    },
    START_BUDGET_MS,
  );

  it(
    'stops every process on SIGTERM and exits 0',
    async () => {
      const group = await start({ PROXY_PROCESSES: '2' });
      group.child.kill('SIGTERM');
      expect(await group.exited).toBe(0);
      await eventually(() => group.pids.every((pid) => !isProcessRunning(pid)));
      expect(await portIsFree(group.port)).toBe(true);
    },
    START_BUDGET_MS,
  );

  it(
    'refuses a port that another server already shares, instead of quietly joining it',
    async () => {
      const first = await start({ PROXY_PROCESSES: '2' });
      const second = startGroup({
        SERVICE_BASE_URL: upstream.url,
        PROXY_PROCESSES: '2',
        PORT: String(first.port),
      });
      await expect(second).rejects.toThrow(/Cannot start: listen EADDRINUSE/);
    },
    START_BUDGET_MS,
  );
});
