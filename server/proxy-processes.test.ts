import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  answeringPids,
  eventually,
  portIsFree,
  queryOnNewConnection,
  restartedPids,
  startGroup,
  startLoad,
} from '../testing/proxy-group-harness.ts';
import type { Group } from '../testing/proxy-group-harness.ts';
import { json, startStub } from '../testing/stub-upstream.ts';
import { isProcessRunning } from './process-alive.ts';
import { restartDelayMs } from './proxy-processes.ts';
import type { StubServer } from '../testing/stub-upstream.ts';

// Real processes: each group start forks Node with tsx, about a second each on two cores. The
// budgets bound the harness; nothing here is timed.
const START_BUDGET_MS = 60_000;
const QUERY_ANSWER = { records: [{ id: 'a01' }], next_offset: 1 };

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
    'answers from every worker, each the upstream answer, never from the supervisor',
    async () => {
      const group = await start({ PROXY_PROCESSES: '3' });
      const [supervisor, ...workers] = group.pids;
      expect(supervisor).toBe(group.child.pid);
      expect(new Set(workers).size).toBe(3);

      const answers = await Promise.all(
        Array.from({ length: 60 }, () => queryOnNewConnection(group.port)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(60).fill(200));
      expect(new Set(answers.map((answer) => answer.body))).toEqual(
        new Set([JSON.stringify(QUERY_ANSWER)]),
      );
      // 60 connections spread by the kernel: every worker has answered some, and only workers.
      await eventually(() => answeringPids(group.output()).size === 3);
      expect([...answeringPids(group.output())].sort()).toEqual([...workers].sort());
    },
    START_BUDGET_MS,
  );

  it(
    'starts a worker that died again, and keeps answering meanwhile',
    async () => {
      const group = await start({ PROXY_PROCESSES: '2' });
      const [, worker = 0] = group.pids;
      process.kill(worker, 'SIGKILL');
      await eventually(() => /"event":"proxy_process_restarted"/.test(group.output()));
      expect(group.output()).toMatch(
        new RegExp(`"event":"proxy_process_exited".*"exited":${String(worker)}`),
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
    'keeps answering under load while each worker in turn is killed outright, and replaces it',
    async () => {
      const group = await start({ PROXY_PROCESSES: '2' });
      const load = startLoad(group.port, { parallel: 4, maxCalls: 20_000, maxMs: 45_000 });
      await eventually(() => answeringPids(group.output()).size >= 2);
      // Whichever processes answered: under the old design the first one served, and its death
      // took the port with it.
      const victims = [...answeringPids(group.output())];
      for (const [index, pid] of victims.entries()) {
        process.kill(pid, 'SIGKILL');
        await eventually(() => restartedPids(group.output()).length > index);
      }
      const count = await load.stop();
      const replacements = restartedPids(group.output());
      group.pids.push(...replacements);
      process.stdout.write(
        `worker kills under load: ${String(count.ok)} answered, ${String(count.failed)} failed ` +
          `${JSON.stringify(Object.fromEntries(count.failures))}\n`,
      );

      expect(victims.some((pid) => isProcessRunning(pid))).toBe(false);
      expect(replacements).toHaveLength(victims.length);
      expect(replacements.every((pid) => isProcessRunning(pid))).toBe(true);
      // Only calls in flight on a killed worker, or queued on its socket, may fail.
      expect(count.failed).toBeLessThanOrEqual(20 * victims.length);
      expect(count.ok).toBeGreaterThan(50 * count.failed);
      // The worker count is back: the replacements answer.
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => queryOnNewConnection(group.port)),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      await eventually(() => replacements.every((pid) => answeringPids(group.output()).has(pid)));
    },
    START_BUDGET_MS,
  );

  it(
    'leaves no process holding the port when the supervisor is killed outright',
    async () => {
      const group = await start({ PROXY_PROCESSES: '3' });
      process.kill(group.pids[0] ?? 0, 'SIGKILL');
      // The workers see their IPC channel drop and go, within seconds.
      await eventually(() => group.pids.every((pid) => !isProcessRunning(pid)), 5_000);
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

describe('restartDelayMs', () => {
  it('restarts at once after a worker that ran a while, then doubles the wait up to 30 s', () => {
    expect([0, 1, 2, 3, 6, 7, 50].map(restartDelayMs)).toEqual([
      0, 500, 1_000, 2_000, 16_000, 30_000, 30_000,
    ]);
  });
});
