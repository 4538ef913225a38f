/**
 * The cells of a results row: a value's cell (formatted, linked, starred), the row's flags and
 * its tick box. Each a grid cell of the WAI-ARIA grid (use-grid-focus.ts).
 */
import { Anchor } from '@mantine/core';
import { memo } from 'react';
import type { ServiceRecord } from '#contract/response';
import { isAccountIdField, matchedAccountIdOf } from '../../lib/api/account-names.ts';
import { safeHref } from '../../lib/format/safe-url.ts';
import { CUSIP_PATTERN } from '../../lib/url-state/thirteen-f-targets.ts';
import { AccountId, MatchedAccountLink } from './account-names.tsx';
import { CellStar } from './cell-star.tsx';
import type { CellStarProps } from './cell-star.tsx';
import { CusipLink } from './cusip-link.tsx';
import type { CellFormatter } from './format.ts';
import { cellKey } from './grid-keys.ts';
import type { ResultColumn } from './result-column.ts';
import classes from './results-table.module.css';

export const Cell = memo(function Cell({
  value,
  period,
  record,
  column,
  format,
  pinned,
  row,
  col,
  tabbable,
  ...star
}: CellStarProps & {
  value: unknown;
  /** The row's period of report, for a CUSIP's link. */
  period: unknown;
  /** The whole row, for a value typed by another field of it (`typedBy`). */
  record: ServiceRecord;
  column: ResultColumn;
  format: CellFormatter;
  pinned: boolean;
  /** The cell's place in the grid: its row (from 0) and column (from 0, the tick boxes). */
  row: number;
  col: number;
  /** Whether the cell is the grid's tab stop. */
  tabbable: boolean;
}) {
  const view = format(value, column.field, record);
  const href = column.field?.kind === 'url' ? safeHref(value) : undefined;
  // An account ID shows the account's name first (AccountId styles the ID itself).
  const account =
    isAccountIdField(column.field) && typeof value === 'string' && value !== '' ? value : undefined;
  const className = [
    classes.cell,
    view.monospace && account === undefined ? classes.mono : '',
    view.align === 'right' ? classes.right : '',
    view.tone === 'positive' ? classes.positive : view.tone === 'negative' ? classes.negative : '',
    pinned ? classes.pinned : '',
  ].join(' ');
  const cusip = column.field?.name === 'cusip' && typeof value === 'string' ? value : undefined;
  const matched = view.text === '' ? undefined : matchedAccountIdOf(column.field, record);
  return (
    <td className={className} title={view.raw ?? view.text} {...gridCell(row, col, tabbable)}>
      <CellStar {...star} />
      {href ? (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" tabIndex={-1}>
          {view.text}
        </Anchor>
      ) : account !== undefined ? (
        <AccountId id={account} />
      ) : matched !== undefined ? (
        <MatchedAccountLink id={matched} text={view.text} />
      ) : cusip !== undefined && CUSIP_PATTERN.test(cusip) ? (
        <CusipLink cusip={cusip} period={period} text={view.text} />
      ) : (
        view.text
      )}
    </td>
  );
});

/**
 * A grid cell's role and place, and its tabindex: only the active cell is a tab stop; the others
 * are focused by the arrow keys (roving tabindex).
 */
function gridCell(row: number, col: number, tabbable: boolean) {
  return {
    role: 'gridcell',
    'aria-colindex': col + 1,
    'data-cell': cellKey(row, col),
    tabIndex: tabbable ? 0 : -1,
  } as const;
}

export function NoteCell({
  notes,
  row,
  tabbable,
}: {
  notes: readonly string[] | undefined;
  row: number;
  tabbable: boolean;
}) {
  const place = gridCell(row, 1, tabbable);
  if (!notes || notes.length === 0)
    return <td className={`${classes.cell} ${classes.pinnedFlags}`} {...place} />;
  const text = notes.join(' ');
  return (
    <td
      className={`${classes.cell} ${classes.flag} ${classes.pinnedFlags}`}
      title={text}
      {...place}
    >
      <span aria-hidden>⚠</span>
      <span className={classes.visuallyHidden}>{text}</span>
    </td>
  );
}

/**
 * A row's tick box: a click flips the row, Shift-click the run from the last one clicked. A
 * native box styled as Mantine's (classes.rowBox), not Mantine's Checkbox: a fast scroll redraws
 * every box in view each frame, and the component's tree and style hooks were 40 % of the
 * body's React work in the scroll benchmark (docs/performance.md, 2026-11-27).
 */
export function SelectCell({
  index,
  selected,
  onToggle,
  tabbable,
}: {
  index: number;
  selected: boolean;
  onToggle: (index: number, shift: boolean) => void;
  tabbable: boolean;
}) {
  return (
    <td className={`${classes.cell} ${classes.pinnedSelect}`} {...gridCell(index, 0, tabbable)}>
      <input
        type="checkbox"
        tabIndex={-1}
        className={classes.rowBox}
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
