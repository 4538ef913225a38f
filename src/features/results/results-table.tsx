import { Anchor, Box, Checkbox, Text } from '@mantine/core';
import { CUSIP_PATTERN } from '../../lib/thirteen-f-targets.ts';
import type { SortingState } from '@tanstack/react-table';
import { useRef } from 'react';
import type { CSSProperties } from 'react';
import type { CellFormatter } from './format.ts';
import type { ServiceRecord } from '#contract/response';
import type { ResultColumn, RowNotes } from './result-column.ts';
import { CusipLink } from './cusip-link.tsx';
import { toggledSelection } from './row-selection.ts';
import type { RowSelection } from './row-selection.ts';
import classes from './results-table.module.css';
import { ResultsTableHead } from './results-table-head.tsx';
import { safeHref } from './safe-url.ts';
import type { ResultsTableState } from './table-state.ts';
import { ROW_HEIGHT, useRowWindow } from './row-window.ts';
import type { RowWindow } from './row-window.ts';
import { useResultsGrid } from './use-results-grid.ts';

const NOTES_WIDTH = 36;
const SELECT_WIDTH = 34;

function Cell({
  value,
  period,
  column,
  format,
  pinned,
}: {
  value: unknown;
  /** The row's period of report, for a CUSIP's link. */
  period: unknown;
  column: ResultColumn;
  format: CellFormatter;
  pinned: boolean;
}) {
  const view = format(value, column.field);
  const href = column.field?.kind === 'url' ? safeHref(value) : undefined;
  const className = [
    classes.cell,
    view.monospace ? classes.mono : '',
    view.align === 'right' ? classes.right : '',
    view.tone === 'positive' ? classes.positive : view.tone === 'negative' ? classes.negative : '',
    pinned ? classes.pinned : '',
  ].join(' ');
  const cusip = column.field?.name === 'cusip' && typeof value === 'string' ? value : undefined;
  return (
    <td className={className} title={view.raw ?? view.text}>
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
          {view.text}
        </Anchor>
      ) : cusip !== undefined && CUSIP_PATTERN.test(cusip) ? (
        <CusipLink cusip={cusip} period={period} text={view.text} />
      ) : (
        view.text
      )}
    </td>
  );
}

function NoteCell({ notes }: { notes: readonly string[] | undefined }) {
  if (!notes || notes.length === 0)
    return <td className={`${classes.cell} ${classes.pinnedFlags}`} />;
  const text = notes.join(' ');
  return (
    <td className={`${classes.cell} ${classes.flag} ${classes.pinnedFlags}`} title={text}>
      <span aria-hidden>⚠</span>
      <span className={classes.visuallyHidden}>{text}</span>
    </td>
  );
}

/** A row's tick box: a click flips the row, Shift-click the run from the last one clicked. */
function SelectCell({
  index,
  selected,
  onToggle,
}: {
  index: number;
  selected: boolean;
  onToggle: (index: number, shift: boolean) => void;
}) {
  return (
    <td className={`${classes.cell} ${classes.pinnedSelect}`}>
      <Checkbox
        size="xs"
        aria-label={`Select row ${String(index + 1)}`}
        checked={selected}
        // The click carries Shift; the row's own click (opening it) must not follow.
        onClick={(event) => {
          event.stopPropagation();
          onToggle(index, event.shiftKey);
        }}
        onChange={() => undefined}
      />
    </td>
  );
}

/** One row: its box, its flags when the table has them, then each visible column; a click opens it. */
function ResultRow({
  record,
  index,
  columns,
  format,
  withNotes,
  notes,
  onOpen,
  selected,
  onToggle,
}: {
  record: ServiceRecord;
  /** The row's place in the sorted rows, from 0. */
  index: number;
  columns: readonly ResultColumn[];
  format: CellFormatter;
  withNotes: boolean;
  notes: readonly string[] | undefined;
  onOpen: (row: ServiceRecord) => void;
  selected: boolean;
  onToggle: (index: number, shift: boolean) => void;
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`${classes.row} ${selected ? classes.selected : ''}`}
      style={{ height: ROW_HEIGHT }}
      onClick={() => {
        onOpen(record);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(record);
      }}
      tabIndex={-1}
    >
      <SelectCell index={index} selected={selected} onToggle={onToggle} />
      {withNotes && <NoteCell notes={notes} />}
      {columns.map((column, at) => (
        <Cell
          key={column.id}
          value={record[column.id]}
          period={record.periodofreport}
          column={column}
          format={format}
          pinned={at === 0}
        />
      ))}
    </tr>
  );
}

/**
 * The rows in view between two spacers that stand for the rows above and below, so the scroll
 * height is that of every row.
 */
function ResultsTableBody({
  rows,
  rowWindow: { items, before, after },
  columns,
  format,
  notes,
  onOpenRow,
  selection,
  onToggle,
}: {
  rows: readonly ServiceRecord[];
  rowWindow: RowWindow;
  columns: readonly ResultColumn[];
  format: CellFormatter;
  /** The rows' flags, when any row has one: the table then has a flags column. */
  notes: RowNotes | undefined;
  onOpenRow: (row: ServiceRecord) => void;
  selection: RowSelection;
  onToggle: (index: number, shift: boolean) => void;
}) {
  return (
    <tbody>
      {before > 0 && <tr aria-hidden style={{ height: before }} />}
      {items.map((item) => {
        const record = rows[item.index];
        if (!record) return null;
        return (
          <ResultRow
            key={item.key}
            record={record}
            index={item.index}
            columns={columns}
            format={format}
            withNotes={notes !== undefined}
            notes={notes?.get(record)}
            onOpen={onOpenRow}
            selected={selection.has(record)}
            onToggle={onToggle}
          />
        );
      })}
      {after > 0 && <tr aria-hidden style={{ height: after }} />}
    </tbody>
  );
}

/** The table's width, and where its pinned columns sit: the boxes, the flags, the first column. */
function tableStyle(dataWidth: number, leftOfData: number): CSSProperties {
  return {
    width: dataWidth + leftOfData,
    ['--pinned-left' as string]: `${String(leftOfData)}px`,
    ['--select-width' as string]: `${String(SELECT_WIDTH)}px`,
  };
}

/** The tick boxes' actions on the sorted rows, and how many are ticked. */
function useSelectionControls(
  sorted: readonly ServiceRecord[],
  selection: RowSelection,
  onSelectionChange: (next: RowSelection) => void,
) {
  // The row a Shift-click extends from: the last box clicked, by its place in the sorted rows.
  const anchor = useRef<number | undefined>(undefined);
  const count = sorted.reduce((total, row) => total + (selection.has(row) ? 1 : 0), 0);
  return {
    state: count === 0 ? 'none' : count === sorted.length ? 'all' : 'some',
    toggle: (index: number, shift: boolean) => {
      onSelectionChange(toggledSelection(selection, sorted, index, anchor.current, shift));
      anchor.current = index;
    },
    all: (all: boolean) => {
      anchor.current = undefined;
      onSelectionChange(all ? new Set(sorted) : new Set());
    },
  } as const;
}

/**
 * The results grid: TanStack Table for columns, sorting, visibility, order and sizing; a row
 * window so only the rows in view are in the DOM, whatever the row count.
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
  selection,
  onSelectionChange,
}: {
  rows: readonly ServiceRecord[];
  columns: readonly ResultColumn[];
  format: CellFormatter;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  table: ResultsTableState;
  onOpenRow: (row: ServiceRecord) => void;
  notes?: RowNotes | undefined;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
}) {
  const { table, sorted } = useResultsGrid({ rows, columns, sorting, onSortingChange, tableState });
  const scroller = useRef<HTMLDivElement>(null);
  const rowWindow = useRowWindow(sorted.length, scroller);
  const visible = table.getVisibleLeafColumns();
  const columnById = new Map(columns.map((column) => [column.id, column]));
  const shownColumns = visible.flatMap((column) => columnById.get(column.id) ?? []);
  const withNotes = notes !== undefined && notes.size > 0;
  const select = useSelectionControls(sorted, selection, onSelectionChange);
  const leftOfData = SELECT_WIDTH + (withNotes ? NOTES_WIDTH : 0);

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
        style={tableStyle(table.getTotalSize(), leftOfData)}
      >
        <colgroup>
          <col style={{ width: SELECT_WIDTH }} />
          {withNotes && <col style={{ width: NOTES_WIDTH }} />}
          {visible.map((column) => (
            <col key={column.id} style={{ width: column.getSize() }} />
          ))}
        </colgroup>
        <ResultsTableHead
          groups={table.getHeaderGroups()}
          multiSort={sorting.length > 1}
          withNotes={withNotes}
          selected={select.state}
          onSelectAll={select.all}
        />
        <ResultsTableBody
          rows={sorted}
          rowWindow={rowWindow}
          columns={shownColumns}
          format={format}
          notes={withNotes ? notes : undefined}
          onOpenRow={onOpenRow}
          selection={selection}
          onToggle={select.toggle}
        />
      </table>
      {sorted.length === 0 && (
        <Box p="md">
          <Text c="dimmed">No rows.</Text>
        </Box>
      )}
    </div>
  );
}
