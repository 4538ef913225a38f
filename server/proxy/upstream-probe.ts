import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { Readiness } from '../api/backend.ts';

/** How long one probe may take: a readiness check must answer before the orchestrator's own. */
const PROBE_TIMEOUT_MS = 2_000;
/** How long an answer is reused: `/readyz` cannot be turned into a flood toward the upstream. */
const PROBE_CACHE_MS = 5_000;

/**
 * Whether the upstream is reachable: a HEAD of its base URL, with no token nor anything of a
 * client's. Any HTTP answer below 500 counts (the base URL need not be a page); a 5xx, a refused
 * connection or no answer in time does not. One probe at a time, its answer reused for
 * PROBE_CACHE_MS, however many ask.
 */
export function createReachabilityProbe(
  url: string,
  dispatcher: Dispatcher,
  now: () => number = Date.now,
): () => Promise<Readiness> {
  let last: { at: number; answer: Promise<Readiness> } | undefined;

  async function probe(): Promise<Readiness> {
    try {
      const response = await request(url, {
        method: 'HEAD',
        dispatcher,
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await response.body.dump();
      return response.statusCode < 500
        ? { ready: true }
        : { ready: false, reason: 'upstream_failing' };
    } catch {
      return { ready: false, reason: 'upstream_unreachable' };
    }
  }

  return () => {
    if (last === undefined || now() - last.at >= PROBE_CACHE_MS) {
      last = { at: now(), answer: probe() };
    }
    return last.answer;
  };
}
