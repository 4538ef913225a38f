import { Checkbox, UnstyledButton } from '@mantine/core';
import type { Header, HeaderGroup } from '@tanstack/react-table';
import type { ServiceRecord } from '#contract/response';
import { cellKey } from './grid-keys.ts';
import classes from './results-table.module.css';
import type { resultFeatures } from './table-state.ts';

type ResultHeader = Header<typeof resultFeatures, ServiceRecord>;
type SortDirection = ReturnType<ResultHeader['column']['getIsSorted']>;

/** A header cell's place in the grid (row -1) and its tabindex (see use-grid-focus.ts). */
function headerCell(col: number, tabColumn: number) {
  return {
    'aria-colindex': col + 1,
    'data-cell': cellKey(-1, col),
    tabIndex: col === tabColumn ? 0 : -1,
  } as const;
}

function ariaSort(direction: SortDirection): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

/** One column's header: a button that sorts on it, and a handle that resizes it. */
function SortableHeader({
  header,
  multiSort,
  pinned,
  cell,
}: {
  header: ResultHeader;
  multiSort: boolean;
  pinned: boolean;
  cell: ReturnType<typeof headerCell>;
}) {
  const direction = header.column.getIsSorted();
  // With several sort keys, each sorted header shows its place among them.
  const order = multiSort ? header.column.getSortIndex() + 1 : 0;
  const label = String(header.column.columnDef.header);
  return (
    <th
      scope="col"
      className={`${classes.th} ${pinned ? classes.pinned : ''}`}
      aria-sort={ariaSort(direction)}
      {...cell}
    >
      <UnstyledButton
        tabIndex={-1}
        className={classes.sortButton}
        onClick={header.column.getToggleSortingHandler()}
        title="Sort these rows here (Shift-click to add a key); the service's order is set in the builder"
      >
        {label}
        <span aria-hidden className={classes.sortMark}>
          {direction === 'asc' ? '\u00a0▲' : direction === 'desc' ? '\u00a0▼' : ''}
          {order > 0 && direction ? order : ''}
        </span>
      </UnstyledButton>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label}`}
        className={classes.resizer}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => {
          header.column.resetSize();
        }}
      />
    </th>
  );
}

/** The results' sticky header row: the flags column when rows carry notes, then each column. */
export function ResultsTableHead({
  groups,
  multiSort,
  withNotes,
  selected,
  onSelectAll,
  tabColumn,
}: {
  groups: readonly HeaderGroup<typeof resultFeatures, ServiceRecord>[];
  /** Whether the rows are sorted on more than one key. */
  multiSort: boolean;
  withNotes: boolean;
  /** How many of the rows are ticked, for the box that ticks them all. */
  selected: 'none' | 'some' | 'all';
  onSelectAll: (all: boolean) => void;
  /** The header's column that is the grid's tab stop, or -1. */
  tabColumn: number;
}) {
  const first = withNotes ? 2 : 1;
  return (
    <thead className={classes.head}>
      {groups.map((group) => (
        <tr key={group.id} aria-rowindex={1}>
          <th
            scope="col"
            className={`${classes.th} ${classes.pinnedSelect}`}
            {...headerCell(0, tabColumn)}
          >
            <Checkbox
              tabIndex={-1}
              size="xs"
              aria-label="Select every row"
              checked={selected === 'all'}
              indeterminate={selected === 'some'}
              onChange={() => {
                onSelectAll(selected !== 'all');
              }}
            />
          </th>
          {withNotes && (
            <th
              scope="col"
              className={`${classes.th} ${classes.pinnedFlags}`}
              title="Data-quality flags"
              {...headerCell(1, tabColumn)}
            >
              <span aria-hidden>⚑</span>
              <span className={classes.visuallyHidden}>Flags</span>
            </th>
          )}
          {group.headers.map((header, at) => (
            <SortableHeader
              key={header.id}
              header={header}
              multiSort={multiSort}
              pinned={at === 0}
              cell={headerCell(first + at, tabColumn)}
            />
          ))}
        </tr>
      ))}
    </thead>
  );
}
