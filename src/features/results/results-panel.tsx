import { Button, Checkbox, Group, Menu, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { QueryRequestBody } from '../../lib/api-client.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { fetchAllRows, queryResultOptions } from '../../lib/query-api.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import { createFormatters } from './format.ts';
import { ResultsTable } from './results-table.tsx';
import type { ResultColumn } from './results-table.tsx';
import { RowDetails } from './row-details.tsx';
import { sortRecords } from './sort.ts';
import { inColumnOrder, useResultsTableState } from './table-state.ts';

interface Loading {
  readonly loaded: number;
  readonly controller: AbortController;
}

function columnsFor(
  module: ModuleId,
  body: QueryRequestBody,
  rows: readonly ServiceRecord[],
): ResultColumn[] {
  const requested = (body.filters as { fields?: unknown } | undefined)?.fields;
  const ids =
    Array.isArray(requested) && requested.length > 0
      ? requested.filter((id): id is string => typeof id === 'string')
      : [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return ids.map((id) => {
    const field = findField(module, id);
    return { id, label: field?.label ?? id, field };
  });
}

function withPaging(body: QueryRequestBody, offset: number): QueryRequestBody {
  const filters = (body.filters ?? {}) as Record<string, unknown>;
  return { ...body, filters: { ...filters, offset: String(offset) } };
}

/** The rows of a run: the table, paging, loading everything, CSV, row details. */
export function ResultsPanel({
  module,
  body,
  count,
}: {
  module: ModuleId;
  body: QueryRequestBody;
  count: number | undefined;
}) {
  const [pageBody, setPageBody] = useState(body);
  const result = useQuery({ ...queryResultOptions(pageBody), placeholderData: keepPreviousData });
  const [everything, setEverything] = useState<ServiceRecord[]>();
  const [loading, setLoading] = useState<Loading>();
  const [failure, setFailure] = useState<unknown>();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [formatted, setFormatted] = useState(false);
  const [opened, setOpened] = useState<ServiceRecord>();
  const tableState = useResultsTableState();
  const format = useMemo(() => createFormatters(), []);
  const exporting = useRef(false);

  if (result.isPending) {
    return (
      <Stack gap={6} aria-label="Loading rows" role="status">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height={26} />
        ))}
      </Stack>
    );
  }
  if (result.isError) {
    return <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />;
  }
  const answer = result.data;
  if (answer.kind === 'count') {
    return (
      <Text role="status" size="lg" fw={600}>
        {answer.count.toLocaleString()} records match.
      </Text>
    );
  }
  const rows = everything ?? answer.rows;
  if (rows.length === 0) return <Text role="status">No rows match these filters.</Text>;

  const columns = columnsFor(module, pageBody, rows);
  const offset = Number((pageBody.filters as { offset?: unknown } | undefined)?.offset ?? 0);
  const more = everything === undefined && answer.nextOffset !== null && answer.nextOffset > 0;
  const shownColumns = columns.filter((column) => tableState.visibility[column.id] !== false);
  const orderedColumns = inColumnOrder(shownColumns, tableState.order);

  const loadAll = async (then?: (all: ServiceRecord[]) => void) => {
    const controller = new AbortController();
    setLoading({ loaded: 0, controller });
    setFailure(undefined);
    try {
      const all = await fetchAllRows(body, {
        signal: controller.signal,
        total: count,
        onProgress: ({ loaded }) => {
          setLoading({ loaded, controller });
        },
      });
      if (then) then(all);
      else setEverything(all);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(error);
    } finally {
      setLoading(undefined);
    }
  };

  const orderBy = (body.filters as { order_by?: unknown } | undefined)?.order_by;
  const serviceOrder = typeof orderBy === 'string' ? orderBy : 'none';

  const exportRows = (source: readonly ServiceRecord[]) => {
    const sorted = sortRecords(source, sorting, (id) => findField(module, id)?.kind);
    const csvColumns = orderedColumns.map((column) => ({ id: column.id, header: column.id }));
    const text = toCsv(
      sorted,
      csvColumns,
      formatted
        ? { format: (value, column) => format(value, findField(module, column.id)).text }
        : {},
    );
    downloadCsv(text, csvFileName(module, new Date()));
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" role="status">
          {everything
            ? `All ${rows.length.toLocaleString()} rows`
            : `Rows ${(offset + 1).toLocaleString()}–${(offset + rows.length).toLocaleString()}`}
          {count !== undefined ? ` of ${count.toLocaleString()} matching` : ''}
          {sorting.length > 0 ? ' · sorted here by the column headers' : ''}
        </Text>
        <Group gap="xs">
          {everything === undefined && (
            <>
              <Button
                size="xs"
                variant="default"
                disabled={offset === 0 || result.isFetching}
                onClick={() => {
                  setPageBody(withPaging(pageBody, Math.max(0, offset - answer.rows.length)));
                }}
              >
                Previous page
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!more || result.isFetching}
                onClick={() => {
                  setPageBody(withPaging(pageBody, offset + answer.rows.length));
                }}
              >
                Next page
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!more || loading !== undefined}
                onClick={() => void loadAll()}
              >
                Load all
              </Button>
            </>
          )}
          <ColumnChooser columns={columns} state={tableState} />
          <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
            <Menu.Target>
              <Button size="xs">Export CSV</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() => {
                  exportRows(rows);
                }}
              >
                The {rows.length.toLocaleString()} rows loaded
              </Menu.Item>
              <Menu.Item
                disabled={loading !== undefined}
                onClick={() => {
                  if (exporting.current) return;
                  exporting.current = true;
                  void loadAll((all) => {
                    exportRows(all);
                  }).finally(() => {
                    exporting.current = false;
                  });
                }}
              >
                All {count === undefined ? '' : `${count.toLocaleString()} `}matching rows
              </Menu.Item>
              <Menu.Divider />
              <Checkbox
                mx="sm"
                my={6}
                size="xs"
                label="Formatted values (as shown)"
                checked={formatted}
                onChange={(event) => {
                  setFormatted(event.currentTarget.checked);
                }}
              />
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      {loading && (
        <Group gap="sm" role="status" aria-label="Loading every row">
          <Progress value={count ? (100 * loading.loaded) / count : 50} striped animated w={240} />
          <Text size="xs">
            {loading.loaded.toLocaleString()}
            {count ? ` of ${count.toLocaleString()}` : ''} rows
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              loading.controller.abort();
            }}
          >
            Cancel
          </Button>
        </Group>
      )}
      {failure !== undefined && <ErrorAlert error={failure} />}
      <ResultsTable
        rows={rows}
        columns={columns}
        format={format}
        sorting={sorting}
        onSortingChange={setSorting}
        table={tableState}
        onOpenRow={setOpened}
      />
      <Text size="xs" c="dimmed">
        Click a header to sort these rows here, Shift-click to add a key. The service&apos;s own
        order ({serviceOrder}) is set in the builder. Click a row for every field.
      </Text>
      <RowDetails
        row={opened}
        columns={columns}
        format={format}
        onClose={() => {
          setOpened(undefined);
        }}
      />
    </Stack>
  );
}
