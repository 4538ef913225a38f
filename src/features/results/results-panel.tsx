import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  Menu,
  Pill,
  Progress,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { findField } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { fieldsOf, orderByOf } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import type { QueryRequestBody } from '../../lib/api-client.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { applyRowFilter } from '../../lib/row-filter.ts';
import type { RowFilter } from '../../lib/row-filter.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { csvFileName, downloadCsv, toCsv } from './csv.ts';
import { createFormatters } from './format.ts';
import { ResultsTable } from './results-table.tsx';
import type { ResultColumn, RowNotes } from './results-table.tsx';
import { RowDetails } from './row-details.tsx';
import { sortRecords } from './sort.ts';
import { inColumnOrder, useResultsTableState } from './table-state.ts';
import type { TableView } from './table-state.ts';
import { useResultRows } from './use-result-rows.ts';
import type { ResultRows } from './use-result-rows.ts';

function columnsFor(
  module: ModuleId,
  body: QueryRequestBody,
  rows: readonly ServiceRecord[],
): ResultColumn[] {
  const ids = fieldsOf(body) ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return ids.map((id) => {
    const field = findField(module, id);
    return { id, label: field?.label ?? id, field };
  });
}

/** What the workspace adds to the table: a chart's filter, flags per row, actions per row. */
export interface ResultsViewOptions {
  /** A chart's filter on the loaded rows, shown as a removable chip. */
  readonly rowFilter?: RowFilter | undefined;
  readonly onClearRowFilter?: () => void;
  /** Data-quality notes per row, shown in a leading column. */
  readonly notes?: RowNotes | undefined;
  /** Extra actions in a row's details (e.g. related queries). */
  readonly rowActions?: (row: ServiceRecord) => ReactNode;
  /** The client sort, hidden columns and order, when the caller keeps them (in its link). */
  readonly tableView?: TableView;
  readonly onTableViewChange?: (next: TableView) => void;
}

/** The rows of a run: the table, paging, loading everything, CSV, row details. */
export function ResultsView({
  module,
  results,
  rowFilter,
  onClearRowFilter,
  notes,
  rowActions,
  tableView,
  onTableViewChange,
}: { module: ModuleId; results: ResultRows } & ResultsViewOptions) {
  const { result, rows: loadedRows, count, loading, failure, offset } = results;
  const [formatted, setFormatted] = useState(false);
  const [opened, setOpened] = useState<ServiceRecord>();
  const tableState = useResultsTableState(tableView, onTableViewChange);
  const { sorting } = tableState;
  const format = useMemo(() => createFormatters(), []);
  const exporting = useRef(false);
  const shownRows = useMemo(
    () => (loadedRows ? applyRowFilter(loadedRows, rowFilter) : undefined),
    [loadedRows, rowFilter],
  );

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
  if (result.data.kind === 'count') {
    return (
      <Text role="status" size="lg" fw={600}>
        {result.data.count.toLocaleString()} records match.
      </Text>
    );
  }
  const rows = loadedRows ?? [];
  const shown = shownRows ?? rows;
  if (rows.length === 0) return <Text role="status">No rows match these filters.</Text>;

  const columns = columnsFor(module, results.pageBody, rows);
  const shownColumns = columns.filter((column) => tableState.visibility[column.id] !== false);
  const orderedColumns = inColumnOrder(shownColumns, tableState.order);
  const serviceOrder = orderByOf(results.body) ?? 'none';

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
          {results.allLoaded
            ? `All ${rows.length.toLocaleString()} rows`
            : `Rows ${(offset + 1).toLocaleString()}–${(offset + rows.length).toLocaleString()}`}
          {count !== undefined ? ` of ${count.toLocaleString()} matching` : ''}
          {rowFilter ? ` · ${shown.length.toLocaleString()} shown by the chart filter` : ''}
          {sorting.length > 0 ? ' · sorted here by the column headers' : ''}
        </Text>
        <Group gap="xs">
          {!results.allLoaded && (
            <>
              <Button
                size="xs"
                variant="default"
                disabled={offset === 0 || result.isFetching}
                onClick={results.previousPage}
              >
                Previous page
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!results.more || result.isFetching}
                onClick={results.nextPage}
              >
                Next page
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!results.more || loading !== undefined}
                onClick={() => void results.loadAll()}
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
                  exportRows(shown);
                }}
              >
                The {shown.length.toLocaleString()} rows {rowFilter ? 'shown' : 'loaded'}
              </Menu.Item>
              <Menu.Item
                disabled={loading !== undefined}
                onClick={() => {
                  if (exporting.current) return;
                  exporting.current = true;
                  void results
                    .loadAll((all) => {
                      exportRows(all);
                    })
                    .finally(() => {
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
      {rowFilter && (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            Chart filter:
          </Text>
          <Pill size="md" aria-label={`Chart filter: ${rowFilter.label}`}>
            <Group gap={4} wrap="nowrap">
              {rowFilter.label}
              <CloseButton
                size="xs"
                aria-label="Remove the chart filter"
                onClick={onClearRowFilter}
              />
            </Group>
          </Pill>
        </Group>
      )}
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
        rows={shown}
        columns={columns}
        format={format}
        sorting={sorting}
        onSortingChange={tableState.setSorting}
        table={tableState}
        onOpenRow={setOpened}
        notes={notes}
      />
      <Text size="xs" c="dimmed">
        Click a header to sort these rows here, Shift-click to add a key. The service&apos;s own
        order ({serviceOrder}) is set in the builder. Click a row for every field.
      </Text>
      <RowDetails
        row={opened}
        columns={columns}
        format={format}
        notes={opened ? notes?.get(opened) : undefined}
        actions={opened && rowActions ? rowActions(opened) : undefined}
        onClose={() => {
          setOpened(undefined);
        }}
      />
    </Stack>
  );
}

/** A run's rows on their own: fetches them and shows the table (the workspace adds charts). */
export function ResultsPanel({
  module,
  body,
  count,
  ...options
}: {
  module: ModuleId;
  body: QueryRequestBody;
  count: number | undefined;
} & ResultsViewOptions) {
  const results = useResultRows(body, count);
  return <ResultsView module={module} results={results} {...options} />;
}
