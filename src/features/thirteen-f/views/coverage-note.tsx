import { List, Text, Tooltip } from '@mantine/core';
import { coverageSentence } from '../analytics/coverage.ts';
import type { QuarterCoverage } from '../analytics/coverage.ts';
import { formatDay } from '../../../lib/format/dates.ts';

/** Why a manager has no filing for the quarter, in a sentence's words. */
function absenceText(coverage: QuarterCoverage, absence: QuarterCoverage['absence']): string {
  return absence === 'not-yet'
    ? `not filed yet (due ${formatDay(coverage.deadline)})`
    : 'no filing for this quarter in the data';
}

/**
 * "36 of 37 managers filed", the managers without a filing on hover or focus: a manager absent
 * from a quarter has not filed yet or is no longer in the data, never a seller. Until their names
 * are read (or where none is missing) the sentence stands alone.
 */
export function CoverageNote({ coverage }: { coverage: QuarterCoverage | undefined }) {
  if (coverage === undefined) return null;
  const sentence = coverageSentence(coverage);
  const incomplete = coverage.complete ? '' : ': the quarter is incomplete';
  if (coverage.missing === null || coverage.missing.length === 0)
    return (
      <Text component="span" size="sm">
        {sentence}
        {incomplete}
      </Text>
    );
  const missing = coverage.missing.map(
    ({ manager, absence }) => `${manager}: ${absenceText(coverage, absence)}`,
  );
  return (
    <Tooltip
      multiline
      w={440}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
      label={
        <List size="xs" spacing={2}>
          {missing.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      }
    >
      <Text
        component="span"
        size="sm"
        tabIndex={0}
        td="underline dotted"
        aria-label={`${sentence}${incomplete}. Without a filing: ${missing.join('; ')}.`}
      >
        {sentence}
        {incomplete}
      </Text>
    </Tooltip>
  );
}
