import { Anchor, Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef } from 'react';
import { ANALYSIS_LINK_VERSION } from '../lib/url-state/analysis-links.ts';
import type { SecuritySearch } from '../lib/url-state/analysis-links.ts';
import { CUSIP_PATTERN } from '../lib/url-state/thirteen-f-targets.ts';

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The security view's search: the CUSIP, and `period` when it is a day. */
function securitySearch(cusip: string, period: unknown): SecuritySearch {
  const day = typeof period === 'string' ? DAY.exec(period)?.[0] : undefined;
  return { v: ANALYSIS_LINK_VERSION, cusip, ...(day === undefined ? {} : { period: day }) };
}

/**
 * The router link to a security's view, at `period` when it is a day (else the latest quarter it
 * is held in), rendering a Mantine button's or anchor's own element props.
 */
function securityRoot(cusip: string, period: unknown) {
  const search = securitySearch(cusip, period);
  // A render function (Mantine calls it), not a component: nothing remounts.
  return (props: ComponentPropsWithoutRef<'a'>) => (
    <Link to="/security" search={search} {...props} />
  );
}

/**
 * "Holders of AAPL across managers": the security view of a 13F row's CUSIP, at its quarter when
 * known. Nothing for a row without a well-formed CUSIP. A link, so Ctrl/⌘-click opens a tab.
 */
export function SecurityViewLink({
  cusip,
  period,
  label,
}: {
  cusip: unknown;
  period: unknown;
  /** What names the security: its ticker, else its CUSIP. */
  label: unknown;
}) {
  const code = typeof cusip === 'string' ? cusip.trim().toUpperCase() : '';
  if (!CUSIP_PATTERN.test(code)) return null;
  const name = typeof label === 'string' && label.trim() !== '' ? label.trim() : code;
  return (
    <Button size="xs" variant="light" renderRoot={securityRoot(code, period)}>
      Holders of {name} across managers
    </Button>
  );
}

/** A security's name as a link to its view across managers (a table cell's link). */
export function SecurityAnchor({
  cusip,
  period,
  children,
}: {
  cusip: string;
  period: unknown;
  children: string;
}) {
  return (
    <Anchor size="sm" renderRoot={securityRoot(cusip, period)}>
      {children}
    </Anchor>
  );
}

/**
 * The same link in a results table's cell: the router's link alone, styled by the table. A fast
 * scroll brings ~30 new CUSIP cells a frame, and a Mantine Anchor (a polymorphic Text) around each
 * cost frames.
 */
export function SecurityCellLink({
  cusip,
  period,
  className,
  tabIndex,
  children,
}: {
  cusip: string;
  period: unknown;
  className?: string | undefined;
  /** -1 in a grid, whose cells hold the tab stops. */
  tabIndex?: number | undefined;
  children: string;
}) {
  return (
    <Link
      to="/security"
      search={securitySearch(cusip, period)}
      className={className}
      tabIndex={tabIndex}
    >
      {children}
    </Link>
  );
}
