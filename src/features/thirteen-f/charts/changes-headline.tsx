import { Text } from '@mantine/core';
import type { ServiceRecord } from '#contract/response';
import type { ChartSettings } from '../../../lib/url-state/workspace-view.ts';
import { changesHeadline } from './changes-headline.ts';
import { useHoldingsChanges } from './use-holdings-changes.ts';
import { useThirteenFScope } from './use-thirteen-f-scope.ts';

// The headline only reads the charts' filer and period; choosing them is the charts' job.
const IGNORE = () => undefined;

/**
 * What the filer bought and sold in the quarter, in one line above the table and charts: the
 * answer to "what changed" without opening the Holdings changes tab, at any screen size. It
 * follows the filer and period the charts look at, and shares their (cached) fetches.
 */
export function ChangesHeadline({
  rows,
  body,
  settings,
}: {
  rows: readonly ServiceRecord[];
  body: Readonly<Record<string, unknown>>;
  settings: ChartSettings;
}) {
  const scope = useThirteenFScope(rows, body, { settings, onSettingsChange: IGNORE });
  const { changes, derived } = useHoldingsChanges(scope);
  if (!scope.known || scope.inResult.length === 0) return null;
  // Until the quarter before has answered, a count from the loaded rows would be replaced in a
  // moment by the whole filing's: say what is coming rather than show a number that changes.
  const waiting =
    scope.previousPending ||
    (scope.fetchedPortfolio && !scope.fullPortfolio && scope.portfolioError === null);
  if (waiting) {
    return (
      <Text size="sm" c="dimmed" role="status" mb="xs">
        Comparing {scope.filer} with the quarter before…
      </Text>
    );
  }
  if (changes.length === 0) return null;
  const text = changesHeadline(
    scope.filer,
    scope.period,
    changes,
    derived ? { wholeFiling: true } : { wholeFiling: false, rows: scope.inResult.length },
  );
  return (
    <Text size="sm" role="status" mb="xs">
      {text}
    </Text>
  );
}
