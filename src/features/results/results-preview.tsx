import { Alert, Button, Group, Loader, ScrollArea, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ServiceRecord } from '#contract/response';
import type { QueryResult } from '../../lib/api-client.ts';
import { describeError } from '../../lib/error-policy.ts';

/** Rows drawn at most; the full, virtualised results table replaces this preview. */
const PREVIEW_ROWS = 200;

function columnsOf(rows: readonly ServiceRecord[], fields: readonly string[] | undefined) {
  if (fields && fields.length > 0) return fields;
  return [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function RowsTable({ rows, fields }: { rows: ServiceRecord[]; fields?: readonly string[] }) {
  const columns = columnsOf(rows, fields);
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <ScrollArea.Autosize
      mah="60vh"
      type="auto"
      // Keyboard users scroll the rows too.
      viewportProps={{ tabIndex: 0 }}
    >
      <Table striped highlightOnHover withTableBorder stickyHeader fz="sm" aria-label="Results">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row, index) => (
            // Records carry no guaranteed key; their position is their identity here.
            <Table.Tr key={index}>
              {columns.map((column) => (
                <Table.Td key={column}>{cellText(row[column])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The answer to the submitted query: rows, a count, or the reason it failed. */
export function ResultsPreview({
  result,
  fields,
}: {
  result: UseQueryResult<QueryResult>;
  fields?: readonly string[];
}) {
  if (result.isPending && result.fetchStatus === 'idle') {
    return <Text c="dimmed">Run the query to see its results.</Text>;
  }
  if (result.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text role="status">Running the query…</Text>
      </Group>
    );
  }
  if (result.isError) {
    const { title, message, severity, canRetry } = describeError(result.error);
    return (
      <Alert color={severity === 'warning' ? 'yellow' : 'red'} title={title} role="alert">
        <Text size="sm">{message}</Text>
        {canRetry && (
          <Button mt="sm" size="xs" variant="default" onClick={() => void result.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  const answer = result.data;
  if (answer.kind === 'count') {
    return <Text role="status">{answer.count.toLocaleString()} records match.</Text>;
  }
  if (answer.rows.length === 0) return <Text role="status">No rows match these filters.</Text>;
  return (
    <>
      <Text role="status" size="sm">
        {answer.rows.length.toLocaleString()} rows
        {answer.rows.length > PREVIEW_ROWS ? ` (the first ${String(PREVIEW_ROWS)} shown)` : ''}
        {answer.nextOffset !== null ? ' — more rows follow' : ''}
      </Text>
      <RowsTable rows={answer.rows} fields={fields} />
    </>
  );
}
