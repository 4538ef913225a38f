import { Anchor, Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ANALYSIS_LINK_VERSION } from '../lib/analysis-links.ts';
import { CUSIP_PATTERN } from '../lib/thirteen-f-targets.ts';

const DAY = /^\d{4}-\d{2}-\d{2}/;

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
  const day = typeof period === 'string' ? DAY.exec(period)?.[0] : undefined;
  const name = typeof label === 'string' && label.trim() !== '' ? label.trim() : code;
  return (
    <Button
      size="xs"
      variant="light"
      renderRoot={(props) => (
        <Link
          to="/security"
          search={{
            v: ANALYSIS_LINK_VERSION,
            cusip: code,
            ...(day === undefined ? {} : { period: day }),
          }}
          {...props}
        />
      )}
    >
      Holders of {name} across managers
    </Button>
  );
}

/**
 * A security's name as a link to its view across managers, at `period` when it is a day (else
 * the latest quarter it is held in): a table cell's link.
 */
export function SecurityAnchor({
  cusip,
  period,
  children,
}: {
  cusip: string;
  period: unknown;
  children: string;
}) {
  const day = typeof period === 'string' ? DAY.exec(period)?.[0] : undefined;
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link
          to="/security"
          search={{
            v: ANALYSIS_LINK_VERSION,
            cusip,
            ...(day === undefined ? {} : { period: day }),
          }}
          {...props}
        />
      )}
    >
      {children}
    </Anchor>
  );
}
