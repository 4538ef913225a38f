import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CompareSearch } from '../../../lib/url-state/analysis-links.ts';
import { availableSuggestions } from './compare-suggestions.ts';
import classes from './compare-start.module.css';

/** What the page does, said once above the pickers until two managers are picked. */
export const COMPARE_PURPOSE =
  'Put two managers’ 13F portfolios side by side for one quarter: how much they overlap by weight, value and count, what both hold and what only one holds.';

/** The pickers framed as the page's next step, until two managers are picked. */
export function PickTwo({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Pick two managers">
      <Text fw={600} mb={4}>
        Pick two managers
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Type a name to search the filers; the quarter is the latest both filed unless you pick one.
      </Text>
      {children}
    </Paper>
  );
}

/**
 * The comparison before two managers are picked: suggested pairs from the filers the service
 * lists, one click each to their comparison (on the latest quarter both filed).
 */
export function CompareSuggestions({
  filers,
  onPick,
}: {
  /** The filers the service lists (the pickers' options); undefined while they load. */
  filers: readonly string[] | undefined;
  onPick: (next: CompareSearch) => void;
}) {
  const suggestions = availableSuggestions(filers ?? []);
  if (suggestions.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="compare-suggestions">
      <Title order={3} size="h5" id="compare-suggestions">
        Or start from a well-known pair
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
        {suggestions.map(({ a, b, why }) => (
          <UnstyledButton
            key={`${a.filer}|${b.filer}`}
            className={classes.suggestion}
            aria-label={`Compare ${a.short} with ${b.short}`}
            onClick={() => {
              onPick({ a: a.filer, b: b.filer });
            }}
          >
            <Paper withBorder p="sm" h="100%">
              <Text fw={600} size="sm">
                {a.short} <span className={classes.versus}>vs</span> {b.short}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {why}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
