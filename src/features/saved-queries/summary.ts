import { isPlainObject } from '#contract/query';
import { filtersOf } from '#contract/request-body';
import { describeAnalysis } from '../../lib/url-state/analysis-links.ts';
import { isSavedAnalysis } from './saved-queries.ts';
import type { SavedState } from './saved-queries.ts';

/** The field conditions under `filter`, groups opened (an explicit stack: bodies may be deep). */
function countConditions(filter: unknown): number {
  let count = 0;
  const pending: unknown[] = Array.isArray(filter) ? [...(filter as unknown[])] : [];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const group = isPlainObject(node) ? (node.$and ?? node.$or) : undefined;
    if (Array.isArray(group)) pending.push(...(group as unknown[]));
    else count += 1;
  }
  return count;
}

/** A saved query in a few words for the list: "2 conditions · up to 50 rows", "Count only". */
export function summarizeQuery(state: SavedState): string {
  if (isSavedAnalysis(state)) return describeAnalysis(state.analysis);
  const filters = filtersOf(state.body);
  const conditions = countConditions(filters.filter);
  const parts = [
    conditions === 0 ? 'No conditions' : `${conditions} condition${conditions === 1 ? '' : 's'}`,
  ];
  const countOnly = state.body.count_only;
  const maxNum = filters.max_num;
  if (countOnly === true || countOnly === '1') parts.push('count only');
  else if (maxNum === '-1' || maxNum === -1) parts.push('every row');
  else if (typeof maxNum === 'string' || typeof maxNum === 'number') {
    parts.push(`up to ${Number(maxNum).toLocaleString('en-US')} rows`);
  }
  if (state.view?.mode === 'chart') parts.push('chart');
  return parts.join(' · ');
}
