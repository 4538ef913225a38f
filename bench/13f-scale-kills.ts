/**
 * `kill -9` at random points of an import, as the filing store's design promises to survive
 * (docs/decisions/incremental-filing-store.md): each kill runs the same import into a fresh copy
 * of the same store, SIGKILLs the CLI at a random time before the reference run's end, and then
 * reads what is left: the store must serve exactly what it served before or exactly what the
 * reference serves, with the imported filings pending in the first case; `--derive` must then
 * finish the work. What the run left beside the store and in its TMPDIR is listed each time.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { Random } from '../server/embedded/demo/random.ts';
import { runCli } from './13f-scale-children.ts';
import { inspectStore, leftovers, removeStore } from './13f-scale-store.ts';
import type { StoreState } from './13f-scale-store.ts';

interface KillOutcome {
  readonly atMs: number;
  /** Whether the kill came before the run ended by itself. */
  readonly killed: boolean;
  readonly left: readonly string[];
  readonly state: StoreState;
  readonly verdict: string;
  /** After `--derive`: the verdict, and what was left then. */
  readonly derived: string;
  readonly leftAfterDerive: readonly string[];
  readonly ok: boolean;
}

/**
 * What a state is against the store before and the reference after: unchanged (perhaps with
 * the import's filings pending), fully updated, or neither (a broken promise).
 */
function verdictOf(state: StoreState, before: StoreState, after: StoreState): string {
  if (state.served === before.served && state.filings === before.filings) return 'unchanged';
  if (state.served === before.served && state.filings === after.filings && state.pending > 0)
    return `unchanged, ${state.pending.toLocaleString('en-US')} filings pending`;
  if (state.served === after.served && state.filings === after.filings && state.pending === 0)
    return 'updated';
  return `NEITHER (served ${state.served.slice(0, 60)}…, ${state.filings} filings, ${state.pending} pending)`;
}

interface KillPlan {
  /** The store before the import, the data set to import, a folder to work in, the TMPDIR. */
  readonly store: string;
  readonly dataSet: string;
  readonly dir: string;
  readonly tmp: string;
  readonly before: StoreState;
  readonly reference: StoreState;
  /** The reference run's wall time: kills fall before it. */
  readonly expectedMs: number;
  readonly kills: number;
  readonly seed: number;
  readonly remainingMs: () => number;
}

async function killOnce(plan: KillPlan, i: number, atMs: number): Promise<KillOutcome> {
  const store = join(plan.dir, `kill-${String(i)}.duckdb`);
  const { tmp } = plan;
  copyFileSync(plan.store, store);
  const env = { TMPDIR: tmp };
  try {
    const timeoutMs = plan.remainingMs();
    const run = await runCli(['--dataset', plan.dataSet], store, {
      timeoutMs,
      killAfterMs: atMs,
      env,
    });
    const left = leftovers(store, tmp);
    const state = await inspectStore(store);
    const verdict = verdictOf(state, plan.before, plan.reference);
    const derive = await runCli(['--derive'], store, { timeoutMs: plan.remainingMs(), env });
    const finished = await inspectStore(store);
    const derived =
      derive.code === 0
        ? verdictOf(finished, plan.before, plan.reference)
        : `--derive failed: ${derive.output.slice(0, 200)}`;
    // A run that had imported must end updated; one that had not, unchanged.
    const expected = state.filings === plan.reference.filings ? 'updated' : 'unchanged';
    return {
      atMs,
      killed: run.code === null,
      left,
      state,
      verdict,
      derived,
      leftAfterDerive: leftovers(store, tmp),
      ok: !verdict.startsWith('NEITHER') && derived === expected,
    };
  } finally {
    removeStore(store, tmp);
  }
}

/**
 * `plan.kills` kills, one after the other, printed as they end: kill i at a seeded random time
 * within the i-th of as many equal slices of the reference run, so they spread over its start,
 * import and derivation whatever the draw.
 */
export async function killRuns(plan: KillPlan): Promise<KillOutcome[]> {
  const random = Random.derive(plan.seed, 'kills');
  const outcomes: KillOutcome[] = [];
  for (let i = 0; i < plan.kills && plan.remainingMs() > 60_000; i += 1) {
    const atMs = Math.round((plan.expectedMs * (i + random.next())) / plan.kills);
    const outcome = await killOnce(plan, i, atMs);
    outcomes.push(outcome);
    const left = outcome.left.length > 0 ? outcome.left.join(', ') : 'nothing';
    console.log(
      `  kill ${String(i + 1)} at ${(atMs / 1000).toFixed(1)} s${outcome.killed ? '' : ' (had ended)'}: ${outcome.verdict}; left ${left}; after --derive: ${outcome.derived}${outcome.leftAfterDerive.length > 0 ? `, left ${outcome.leftAfterDerive.join(', ')}` : ''}`,
    );
  }
  return outcomes;
}
