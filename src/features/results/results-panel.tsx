import { Button, CloseButton, Group, Pill, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { ModuleId } from '#contract/catalog';
import { fieldsOf, orderByOf } from '#contract/request-body';
import type { ServiceRecord } from '#contract/response';
import type { QueryRequestBody } from '#contract/request-body';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { AccountNamesProvider } from './account-names.tsx';
import { applyRowFilter } from '../../lib/url-state/row-filter.ts';
import type { RowFilter } from '../../lib/url-state/row-filter.ts';
import { byReadingPriority } from './column-priority.ts';
import { createFormatters } from './format.ts';
import { ResultsTable } from './results-table.tsx';
import type { ResultColumn, RowNotes, RowNotesLoader, ScopeColumns } from './result-column.ts';
import { resultColumn, withScopeColumns } from './scope-columns.ts';
import { ResultsToolbar } from './results-toolbar.tsx';
import { RowDetails } from './row-details.tsx';
import { inColumnOrder, useResultsTableState } from './table-state.ts';
import type { TableView } from './table-state.ts';
import { selectedRows } from './row-selection.ts';
import type { RowSelection } from './row-selection.ts';
import { useResultsExport } from './use-results-export.ts';
import { useResultRows } from './use-result-rows.ts';
import type { ResultRows } from './use-result-rows.ts';

function columnsFor(
  module: ModuleId,
  body: QueryRequestBody,
  rows: readonly ServiceRecord[],
  scope: ScopeColumns | undefined,
  returned: readonly ServiceRecord[] | undefined,
): ResultColumn[] {
  const named = fieldsOf(body);
  const ids = named ?? [...new Set((returned ?? rows).flatMap((row) => Object.keys(row)))];
  const columns = ids.map((id) => resultColumn(module, id));
  // Rows of several filers or periods say whose and when each is, asked for or not.
  const scoped = scope?.inTable ? withScopeColumns(module, columns, scope.fields) : columns;
  // Fields the query names keep the order the analyst gave them (the builder's column order);
  // else what is read first leads. Either way the first-read columns are fitted on screen.
  return byReadingPriority(module, scoped, { reorder: named === undefined });
}

/** What the workspace adds to the table: a chart's filter, flags per row, actions per row. */
export interface ResultsViewOptions {
  /** A chart's filter on the loaded rows, shown as a removable chip. */
  readonly rowFilter?: RowFilter | undefined;
  readonly onClearRowFilter?: () => void;
  /** Data-quality notes per row, shown in a leading column. */
  readonly notes?: RowNotes | undefined;
  /** The notes of any rows, for the CSV export's flags column (the page's or every row's). */
  readonly loadNotes?: RowNotesLoader | undefined;
  /** The fields that say whose and when a row is: in the table when needed, in every export. */
  readonly scopeColumns?: ScopeColumns | undefined;
  /**
   * The rows as the service returned them, when `results.rows` carry fields fetched beside them
   * (for the charts and flags): a query naming no fields shows the columns returned, not those.
   */
  readonly returnedRows?: readonly ServiceRecord[] | undefined;
  /** Extra actions in a row's details (e.g. related queries). */
  readonly rowActions?: (row: ServiceRecord) => ReactNode;
  /** The client sort, hidden columns and order, when the caller keeps them (in its link). */
  readonly tableView?: TableView;
  readonly onTableViewChange?: (next: TableView) => void;
}

/** Placeholder rows while the first page loads. */
function LoadingRows() {
  return (
    <Stack gap={6} aria-label="Loading rows" role="status">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} height={26} />
      ))}
    </Stack>
  );
}

/** A chart's filter on the rows, as a chip the analyst can remove. */
function ChartFilterChip({ filter, onClear }: { filter: RowFilter; onClear?: () => void }) {
  return (
    <Group gap="xs">
      <Text size="xs" c="dimmed">
        Chart filter:
      </Text>
      <Pill size="md" aria-label={`Chart filter: ${filter.label}`}>
        <Group gap={4} wrap="nowrap">
          {filter.label}
          <CloseButton size="xs" aria-label="Remove the chart filter" onClick={onClear} />
        </Group>
      </Pill>
    </Group>
  );
}

/** A count-only answer: the number of matching records. */
function MatchCount({ count }: { count: number }) {
  return (
    <Text role="status" size="lg" fw={600}>
      {count.toLocaleString()} {count === 1 ? 'record matches' : 'records match'}.
    </Text>
  );
}

/** How far "Load all" has got, with a way to stop it. */
function LoadAllProgress({
  loading,
  count,
}: {
  loading: NonNullable<ResultRows['loading']>;
  count: number | undefined;
}) {
  return (
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
  );
}

/** Under the table: the sort here is the page's own; the service's order is the builder's. */
function SortingHint({ serviceOrder }: { serviceOrder: string }) {
  return (
    <Text size="xs" c="dimmed">
      Click a header to sort these rows here, Shift-click to add a key. The service&apos;s own order
      ({serviceOrder}) is set in the builder. Click a row for every field.
    </Text>
  );
}

/**
 * The rows of a run: the table, paging, loading everything, CSV, row details; an account ID
 * with its account's name, looked up once for the rows loaded.
 */
export function ResultsView(props: { module: ModuleId; results: ResultRows } & ResultsViewOptions) {
  return (
    <AccountNamesProvider module={props.module} rows={props.results.rows}>
      <ResultsContent {...props} />
    </AccountNamesProvider>
  );
}

function ResultsContent({
  module,
  results,
  rowFilter,
  onClearRowFilter,
  notes,
  loadNotes,
  scopeColumns,
  returnedRows,
  rowActions,
  tableView,
  onTableViewChange,
}: { module: ModuleId; results: ResultRows } & ResultsViewOptions) {
  const { result, rows: loadedRows, count, loading, failure } = results;
  const [opened, setOpened] = useState<ServiceRecord>();
  const [selection, setSelection] = useState<RowSelection>(() => new Set());
  const tableState = useResultsTableState(tableView, onTableViewChange);
  const { sorting } = tableState;
  const format = useMemo(() => createFormatters(), []);
  const exporter = useResultsExport(module, results, sorting, { loadNotes, scope: scopeColumns });
  const shownRows = useMemo(
    () => (loadedRows ? applyRowFilter(loadedRows, rowFilter) : undefined),
    [loadedRows, rowFilter],
  );

  if (result.isPending) return <LoadingRows />;
  if (result.isError) {
    return <ErrorAlert error={result.error} onRetry={() => void result.refetch()} />;
  }
  if (result.data.kind === 'count') return <MatchCount count={result.data.count} />;
  const rows = loadedRows ?? [];
  const shown = shownRows ?? rows;
  if (rows.length === 0) return <Text role="status">No rows match these filters.</Text>;

  const columns = columnsFor(module, results.pageBody, rows, scopeColumns, returnedRows);
  const shownColumns = columns.filter((column) => tableState.visibility[column.id] !== false);

  return (
    <Stack gap="xs">
      <ResultsToolbar
        results={results}
        loaded={rows.length}
        shown={shown}
        filtered={rowFilter !== undefined}
        columns={columns}
        exportColumns={inColumnOrder(shownColumns, tableState.order)}
        tableState={tableState}
        exporter={exporter}
        format={format}
        selected={selectedRows(shown, selection)}
      />
      {rowFilter && <ChartFilterChip filter={rowFilter} onClear={onClearRowFilter} />}
      {loading && <LoadAllProgress loading={loading} count={count} />}
      {failure !== undefined && <ErrorAlert error={failure} />}
      {exporter.failure !== undefined && <ErrorAlert error={exporter.failure} />}
      <ResultsTable
        rows={shown}
        columns={columns}
        format={format}
        sorting={sorting}
        onSortingChange={tableState.setSorting}
        table={tableState}
        onOpenRow={setOpened}
        notes={notes}
        selection={selection}
        onSelectionChange={setSelection}
      />
      <SortingHint serviceOrder={orderByOf(results.body) ?? 'none'} />
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
