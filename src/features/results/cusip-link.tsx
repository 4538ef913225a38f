import { SecurityCellLink } from '../../components/security-link.tsx';
import classes from './results-table.module.css';

/**
 * A 13F CUSIP cell's link: the security across managers, at the row's quarter when it has one.
 * A click or Enter is the link's, not the row's (which opens the details).
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
      onKeyDown={(event) => {
        event.stopPropagation();
      }}
    >
      <SecurityCellLink cusip={cusip} period={period} className={classes.link}>
        {text}
      </SecurityCellLink>
    </span>
  );
}
