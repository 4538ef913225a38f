import { Text } from '@mantine/core';
import { useRef } from 'react';
import { useResultHeadingFocus } from '../../lib/focus/heading-focus.ts';
import { SKIP_TARGETS, useSkipTarget } from '../../lib/focus/skip-targets.ts';
import { countSentence } from '../thirteen-f/analytics/result-scope.ts';
import type { ResultScope } from '../thirteen-f/analytics/result-scope.ts';

/**
 * The result's heading: how many records match; for a 13F result also whose and when they are
 * (when neither the table nor the chips say it) and what its SOLD OUT rows are, once its rows are
 * loaded. Focus moves here after a run or a search pick (lib/focus/heading-focus.ts), so it is
 * read out and the next Tab is the result's first control.
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
  const heading = useRef<HTMLHeadingElement>(null);
  useResultHeadingFocus(heading, loaded !== undefined);
  // "Skip to results" lands here.
  useSkipTarget('results');
  return (
    <Text
      component="h2"
      ref={heading}
      id={SKIP_TARGETS.results}
      tabIndex={-1}
      size="sm"
      fw={500}
      mb="xs"
      mt={0}
      // The focus ring hugs the sentence, not the page's width.
      w="fit-content"
    >
      {count === undefined
        ? 'Results'
        : scope && loaded !== undefined
          ? countSentence(count, loaded, scope)
          : `${count.toLocaleString()} ${count === 1 ? 'record matches' : 'records match'}.`}
    </Text>
  );
}
