import { Anchor, Box, Text, UnstyledButton } from '@mantine/core';
import { useTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { FieldDefinition } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { CellFormatter } from './format.ts';
import classes from './results-table.module.css';
import { safeHref } from './safe-url.ts';
import { sortRecords } from './sort.ts';
import { resultFeatures } from './table-state.ts';
import type { ResultsTableState } from './table-state.ts';

/** One column of the results: a returned field, described by the catalog when it knows it. */
export interface ResultColumn {
  readonly id: string;
  readonly label: string;
  readonly field: FieldDefinition | undefined;
}

/** Notes on rows (data-quality flags), by row identity: each a sentence an analyst reads. */
export type RowNotes = ReadonlyMap<ServiceRecord, readonly string[]>;

const ROW_HEIGHT = 33;
const NOTES_WIDTH = 36;
const NO_ROWS: ServiceRecord[] = [];

function Cell({
  value,
  column,
  format,
}: {
  value: unknown;
  column: ResultColumn;
  format: CellFormatter;
}) {
  const view = format(value, column.field);
  const href = column.field?.kind === 'url' ? safeHref(value) : undefined;
  const className = [
    classes.cell,
    view.monospace ? classes.mono : '',
    view.align === 'right' ? classes.right : '',
    view.tone === 'positive' ? classes.positive : view.tone === 'negative' ? classes.negative : '',
  ].join(' ');
  return (
    <td className={className} title={view.raw ?? view.text}>
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
          {view.text}
        </Anchor>
      ) : (
        view.text
      )}
    </td>
  );
}

function NoteCell({ notes }: { notes: readonly string[] | undefined }) {
  if (!notes || notes.length === 0) return <td className={classes.cell} />;
  const text = notes.join(' ');
  return (
    <td className={`${classes.cell} ${classes.flag}`} title={text}>
      <span aria-hidden>⚠</span>
      <span className={classes.visuallyHidden}>{text}</span>
    </td>
  );
}

/**
 * The results grid: TanStack Table for columns, sorting, visibility, order and sizing; TanStack
 * Virtual so only the rows in view are in the DOM, whatever the row count.
 */
export function ResultsTable({
  rows,
  columns,
  format,
  sorting,
  onSortingChange,
  table: tableState,
  onOpenRow,
  notes,
}: {
  rows: readonly ServiceRecord[];
  columns: readonly ResultColumn[];
  format: CellFormatter;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  table: ResultsTableState;
  onOpenRow: (row: ServiceRecord) => void;
  notes?: RowNotes | undefined;
}) {
  const columnDefs = useMemo<ColumnDef<typeof resultFeatures, ServiceRecord>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row) => row[column.id] as never,
        header: column.label,
        size: column.field?.kind === 'text' ? 220 : 150,
        // Numbers and dates show their largest or newest first; text starts at A.
        sortDescFirst: ['number', 'percent', 'date', 'datetime'].includes(column.field?.kind ?? ''),
        minSize: 60,
      })),
    [columns],
  );
  const kinds = useMemo(
    () => new Map(columns.map((column) => [column.id, column.field?.kind])),
    [columns],
  );
  const sorted = useMemo(
    () => sortRecords(rows, sorting, (id) => kinds.get(id)),
    [rows, sorting, kinds],
  );
  const table = useTable({
    features: resultFeatures,
    columns: columnDefs,
    // Rows are drawn from `sorted` directly (sorting is ours): the table only manages columns, so
    // it is not asked to rebuild a row model of every row on each sort.
    data: NO_ROWS,
    manualSorting: true,
    enableMultiSort: true,
    columnResizeMode: 'onChange',
    state: {
      sorting,
      columnVisibility: tableState.visibility,
      columnOrder: tableState.order,
      columnSizing: tableState.sizing,
    },
    onSortingChange: (updater) => {
      onSortingChange(typeof updater === 'function' ? updater(sorting) : updater);
    },
    onColumnVisibilityChange: tableState.setVisibility,
    onColumnOrderChange: tableState.setOrder,
    onColumnSizingChange: tableState.setSizing,
  });

  const scroller = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the rule only says it would skip this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the view: more only adds render and layout work to every scroll frame.
    overscan: 3,
    // Until the scroller is measured (the first paint, or an environment without layout), assume
    // a typical viewport so the first rows render at once.
    initialRect: { width: 1200, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const visible = table.getVisibleLeafColumns();
  const columnById = new Map(columns.map((column) => [column.id, column]));
  const withNotes = notes !== undefined && notes.size > 0;

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label="Results table"
    >
      <table
        className={classes.table}
        aria-label="Results"
        aria-rowcount={sorted.length + 1}
        style={{ width: table.getTotalSize() + (withNotes ? NOTES_WIDTH : 0) }}
      >
        <colgroup>
          {withNotes && <col style={{ width: NOTES_WIDTH }} />}
          {visible.map((column) => (
            <col key={column.id} style={{ width: column.getSize() }} />
          ))}
        </colgroup>
        <thead className={classes.head}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {withNotes && (
                <th scope="col" className={classes.th} title="Data-quality flags">
                  <span aria-hidden>⚑</span>
                  <span className={classes.visuallyHidden}>Flags</span>
                </th>
              )}
              {group.headers.map((header) => {
                const direction = header.column.getIsSorted();
                const order = sorting.length > 1 ? header.column.getSortIndex() + 1 : 0;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={classes.th}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : 'none'
                    }
                  >
                    <UnstyledButton
                      className={classes.sortButton}
                      onClick={header.column.getToggleSortingHandler()}
                      title="Sort these rows here (Shift-click to add a key); the service's order is set in the builder"
                    >
                      {String(header.column.columnDef.header)}
                      <span aria-hidden className={classes.sortMark}>
                        {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
                        {order > 0 && direction ? order : ''}
                      </span>
                    </UnstyledButton>
                    <div
                      role="separator"
                      aria-orientation="vertical"
                      aria-label={`Resize ${String(header.column.columnDef.header)}`}
                      className={classes.resizer}
                      onMouseDown={header.getResizeHandler()}
                      onTouchStart={header.getResizeHandler()}
                      onDoubleClick={() => {
                        header.column.resetSize();
                      }}
                    />
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {items.map((item) => {
            const record = sorted[item.index];
            if (!record) return null;
            return (
              <tr
                key={item.key}
                aria-rowindex={item.index + 2}
                className={classes.row}
                style={{ height: ROW_HEIGHT }}
                onClick={() => {
                  onOpenRow(record);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onOpenRow(record);
                }}
                tabIndex={-1}
              >
                {withNotes && <NoteCell notes={notes.get(record)} />}
                {visible.map((column) => {
                  const definition = columnById.get(column.id);
                  return definition ? (
                    <Cell
                      key={column.id}
                      value={record[column.id]}
                      column={definition}
                      format={format}
                    />
                  ) : null;
                })}
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </tbody>
      </table>
      {sorted.length === 0 && (
        <Box p="md">
          <Text c="dimmed">No rows.</Text>
        </Box>
      )}
    </div>
  );
}
