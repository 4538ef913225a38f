import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { ResultRows } from '../results/use-result-rows.ts';
import { LARGE_RESULT_ROWS } from './use-run-flow.ts';

/**
 * Above the charts of a result that is not all loaded: what they are drawn from ("25 of 38
 * matching rows"), so no summary reads as a total, and "Chart all matching rows", which loads
 * every row (for the table too). Past LARGE_RESULT_ROWS it asks first, as a large run does.
 */
export function PartialChartsNotice({ results }: { results: ResultRows }) {
  const [asking, setAsking] = useState(false);
  if (!results.more || results.allLoaded) return null;
  const loaded = results.rows?.length ?? 0;
  const { count, loading } = results;
  const large = count !== undefined && count > LARGE_RESULT_ROWS;
  const chartAll = () => {
    setAsking(false);
    void results.loadAll();
  };
  return (
    <Alert color="blue" variant="light" py={6} px="xs" role="status">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="xs">
          The charts show{' '}
          {count === undefined
            ? `the ${loaded.toLocaleString()} rows loaded, not every matching row.`
            : `${loaded.toLocaleString()} of ${count.toLocaleString()} matching rows (the rows loaded).`}
        </Text>
        {loading ? (
          <Group gap="xs">
            <Text size="xs">Loading… {loading.loaded.toLocaleString()} rows</Text>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                loading.controller.abort();
              }}
            >
              Cancel
            </Button>
          </Group>
        ) : asking ? (
          <Group gap="xs">
            <Text size="xs">
              That is {count?.toLocaleString()} rows: loading them may take a while.
            </Text>
            <Button size="compact-xs" onClick={chartAll}>
              Load all {count?.toLocaleString()}
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              onClick={() => {
                setAsking(false);
              }}
            >
              Not now
            </Button>
          </Group>
        ) : (
          <Button
            size="compact-xs"
            onClick={() => {
              if (large) setAsking(true);
              else chartAll();
            }}
          >
            Chart all matching rows
          </Button>
        )}
      </Group>
    </Alert>
  );
}
