import { SecurityCellLink } from '../../components/security-link.tsx';
import classes from './results-table.module.css';

/**
 * A 13F CUSIP cell's link: the security across managers, at the row's quarter when it has one.
 * A click is the link's, not the row's (which opens the details). Not a tab stop: the grid's cell
 * is, and its Enter follows the link (use-grid-focus.ts).
 */
export function CusipLink({
  cusip,
  period,
  text,
}: {
  cusip: string;
  period: unknown;
  text: string;
}) {
  return (
    <span
      onClick={(event) => {
        event.stopPropagation();
      }}
    >
      <SecurityCellLink cusip={cusip} period={period} className={classes.link} tabIndex={-1}>
        {text}
      </SecurityCellLink>
    </span>
  );
}
