import { Text } from '@mantine/core';
import { countSentence } from '../thirteen-f/analytics/result-scope.ts';
import type { ResultScope } from '../thirteen-f/analytics/result-scope.ts';

/**
 * How many records match; for a 13F result also whose and when they are (when neither the table
 * nor the chips say it) and what its SOLD OUT rows are, once its rows are loaded.
 */
export function CountLine({
  count,
  loaded,
  scope,
}: {
  count: number | undefined;
  loaded: number | undefined;
  scope: ResultScope | undefined;
}) {
  if (count === undefined) return null;
  return (
    <Text size="sm" fw={500} mb="xs">
      {scope && loaded !== undefined
        ? countSentence(count, loaded, scope)
        : `${count.toLocaleString()} ${count === 1 ? 'record matches' : 'records match'}.`}
    </Text>
  );
}
