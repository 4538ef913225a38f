import { useMemo } from 'react';
import { changesFromServed, holdingsChanges } from '../analytics/analytics.ts';
import type { ThirteenFScope } from './use-thirteen-f-scope.ts';

/**
 * The scope's changes: classified from both quarters when fetched (the whole filing), else as
 * served on the result's rows. Read by the changes chart and the headline above the charts.
 */
export function useHoldingsChanges(scope: ThirteenFScope) {
  return useMemo(() => {
    if (scope.fullPortfolio && scope.previousPositions && scope.previousPositions.length > 0) {
      return { ...holdingsChanges(scope.fullPortfolio, scope.previousPositions), derived: true };
    }
    return {
      changes: changesFromServed(scope.inResult),
      totalBefore: null,
      totalAfter: null,
      derived: false,
    };
  }, [scope.fullPortfolio, scope.previousPositions, scope.inResult]);
}
