import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isDataQualityDemo } from '#contract/demo-filers';
import type { ServiceRecord } from '#contract/response';
import { securityBody } from '../api/across-managers-queries.ts';
import { securityAggregatesOptions } from '../api/aggregate-queries.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';
import { fetchedSentence, useBoundedPull } from '../api/bounded-pull.ts';
import type { Pull } from '../api/bounded-pull.ts';
import { securityByQuarter } from '../analytics/across-managers.ts';
import type { SecurityQuarter } from '../analytics/across-managers.ts';
import { toPositions } from '../analytics/positions.ts';
import type { Position } from '../analytics/positions.ts';
import { formatDay } from '../../../lib/format/dates.ts';

/** What the security view shows of its read, whichever way it read. */
export interface SecurityReading {
  /** Where the read stands (done once there is something to show), its cancel and retry. */
  readonly pull: Pull;
  readonly cancel: () => void;
  readonly retry: () => void;
  /** What is read, in words, for the status line. */
  readonly what: string;
  /** The positions read (the planted data-quality filer left out): the holders' quarters. */
  readonly positions: readonly Position[];
  readonly quarters: readonly SecurityQuarter[];
  /** The quarters with holders. */
  readonly held: readonly SecurityQuarter[];
  /** The quarter shown (see shownQuarter). */
  readonly period: string | null | undefined;
  readonly name: string;
  /** How it was read, for the subtitle. */
  readonly readWith: string;
  /** Every row of the CUSIP is too much to read: one quarter only. */
  readonly tooLarge: boolean;
}

/**
 * The quarter shown: the one asked for when it has holders; else the latest with holders up to
 * the quarter views open on (`opening`, the latest complete one: a later quarter still filling
 * up would show a security's holders falling), or the latest with holders when none is that
 * early. Null while `opening` is not known yet.
 */
function shownQuarter(
  held: readonly SecurityQuarter[],
  chosen: string | undefined,
  opening: string | null,
): string | null | undefined {
  if (chosen !== undefined && held.some((quarter) => quarter.period === chosen)) return chosen;
  if (opening === null) return null;
  const upToOpening = held.filter((quarter) => quarter.period <= opening).at(-1);
  return (upToOpening ?? held.at(-1))?.period;
}

/** The positions of rows, the planted data-quality filer left out (no manager: demo-filers.ts). */
function useManagerPositions(rows: readonly ServiceRecord[] | null): Position[] {
  return useMemo(
    () => toPositions(rows ?? []).filter((position) => !isDataQualityDemo(position.filer)),
    [rows],
  );
}

const quartersText = (n: number) => `${String(n)} ${n === 1 ? 'quarter' : 'quarters'}`;

/**
 * Every row of the CUSIP, read with the bounded pull, as positions and quarters (as against the
 * vendor); one quarter and the one before when every row is too much.
 */
function useFromRows(
  cusip: string,
  chosen: string | undefined,
  opening: string | null,
  wanted: boolean,
): SecurityReading {
  const whole = useBoundedPull(
    useMemo(() => (wanted ? securityBody(cusip) : null), [wanted, cusip]),
  );
  // Too many rows in every quarter (a vendor's most held stock): the quarter asked for only.
  const tooLarge = whole.pull.state === 'too-large';
  const narrowed = useBoundedPull(
    useMemo(
      () => (tooLarge && chosen ? securityBody(cusip, chosen) : null),
      [tooLarge, cusip, chosen],
    ),
  );
  const reading = tooLarge && chosen ? narrowed : whole;
  const { pull } = reading;
  const positions = useManagerPositions(pull.state === 'done' ? pull.rows : null);
  const quarters = useMemo(() => securityByQuarter(positions, cusip), [positions, cusip]);
  const held = quarters.filter((quarter) => quarter.holders > 0);
  const shares = positions.find((position) => position.security === cusip);
  const name = shares ? `${shares.ticker ? `${shares.ticker} · ` : ''}${shares.issuer}` : cusip;
  const scope = tooLarge
    ? 'its filings of one quarter and the one before (the whole history is too large to read)'
    : 'every filing of it';
  return {
    ...reading,
    what: `every filing of CUSIP ${cusip}${tooLarge && chosen ? ` in ${formatDay(chosen)} and the quarter before` : ''}`,
    positions,
    quarters,
    held,
    period: shownQuarter(held, chosen, opening),
    name,
    readWith: `${scope}: ${pull.state === 'done' ? fetchedSentence(pull) : ''}, ${quartersText(quarters.length)}`,
    tooLarge,
  };
}

/**
 * The CUSIP's quarters and name from the service's aggregates, then the rows of the quarter
 * shown and the one before (its holders, their flags against the quarter before).
 */
function useFromAggregates(
  cusip: string,
  chosen: string | undefined,
  opening: string | null,
  wanted: boolean,
): SecurityReading {
  const aggregates = useQuery({ ...securityAggregatesOptions(cusip), enabled: wanted });
  const quarters = aggregates.data?.quarters ?? [];
  const held = quarters.filter((quarter) => quarter.holders > 0);
  const period = aggregates.data ? shownQuarter(held, chosen, opening) : null;
  const holders = useBoundedPull(
    useMemo(() => (period ? securityBody(cusip, period) : null), [cusip, period]),
  );
  const positions = useManagerPositions(holders.pull.state === 'done' ? holders.pull.rows : null);
  const pull: Pull = aggregates.error
    ? { state: 'failed', error: aggregates.error }
    : !aggregates.data
      ? { state: 'waiting' }
      : period
        ? holders.pull
        : { state: 'done', rows: [], requests: 0 };
  const rowsRead = holders.pull.state === 'done' ? `: ${fetchedSentence(holders.pull)}` : '';
  return {
    pull,
    cancel: holders.cancel,
    retry: aggregates.error ? () => void aggregates.refetch() : holders.retry,
    what: aggregates.data
      ? `the filings of CUSIP ${cusip} in ${period ? formatDay(period) : ''} and the quarter before`
      : `the aggregates of CUSIP ${cusip}`,
    positions,
    quarters,
    held,
    period,
    name: aggregates.data?.name ?? cusip,
    readWith: `its quarters aggregated by the service, its holders from their filings${rowsRead}, ${quartersText(quarters.length)}`,
    tooLarge: false,
  };
}

/**
 * The security view's quarters, holders and name: from the service's aggregates and one
 * quarter's rows where it serves them, else from every row of the CUSIP.
 */
export function useSecurityReading(
  cusip: string,
  chosen: string | undefined,
  opening: string | null,
  source: ViewSource,
): SecurityReading {
  const fromAggregates = useFromAggregates(cusip, chosen, opening, source === 'aggregates');
  const fromRows = useFromRows(cusip, chosen, opening, source === 'rows');
  return source === 'aggregates' ? fromAggregates : fromRows;
}
