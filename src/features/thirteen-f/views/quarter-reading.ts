import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isDataQualityDemo } from '#contract/demo-filers';
import { quarterBody } from '../api/across-managers-queries.ts';
import { periodFilingsOptions, quarterAggregatesOptions } from '../api/aggregate-queries.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';
import { fetchedSentence, useBoundedPull } from '../api/bounded-pull.ts';
import type { Pull } from '../api/bounded-pull.ts';
import { quarterAcrossManagers } from '../analytics/across-managers.ts';
import type { QuarterAcrossManagers } from '../analytics/across-managers.ts';
import { toPositions } from '../analytics/positions.ts';
import { useFieldValues } from '../../../lib/api/field-values.ts';
import { formatDay } from '../../../lib/format/dates.ts';

/** What the quarter view shows of its read, whichever way it read. */
export interface QuarterReading {
  /** Where the read stands (done once the lists are in), and its cancel and retry. */
  readonly pull: Pull;
  readonly cancel: () => void;
  readonly retry: () => void;
  /** What is read, in words, for the status line. */
  readonly what: string;
  readonly lists: QuarterAcrossManagers | null;
  /** The quarter's filers, for the Managers box. */
  readonly filers: readonly string[];
  /** How many managers the lists count. */
  readonly counted: number;
  /** How the lists were read, for the subtitle: "3,056 rows read in 2 requests". */
  readonly readWith: string | null;
  /** The whole quarter is too large to read as rows: the analyst picks managers. */
  readonly tooLarge: boolean;
}

const NOTHING = () => undefined;

/**
 * The quarter's lists from its rows, as against the vendor: the whole quarter, or, when that is
 * too large to read, the picked managers' rows only (and with aggregates, those picked alone).
 * The lists count the picked managers, else all but the planted data-quality filer (no manager:
 * see demo-filers.ts).
 */
function useRowLists(
  period: string | null,
  managers: readonly string[],
  limit: number,
  narrowOnly: boolean,
): QuarterReading {
  const whole = useBoundedPull(period === null || narrowOnly ? null : quarterBody(period));
  const tooLarge = whole.pull.state === 'too-large';
  const narrowing = (tooLarge || narrowOnly) && managers.length > 0;
  const narrowed = useBoundedPull(
    period !== null && narrowing ? quarterBody(period, managers) : null,
  );
  const reading = narrowing ? narrowed : whole;
  const { pull } = reading;
  const rows = pull.state === 'done' ? pull.rows : null;
  const positions = useMemo(() => toPositions(rows ?? []), [rows]);
  const filers = useMemo(
    () => [...new Set(positions.map((position) => position.filer))].sort(),
    [positions],
  );
  const lists = useMemo(() => {
    if (period === null || rows === null) return null;
    const picked = new Set(
      managers.length > 0 ? managers : filers.filter((filer) => !isDataQualityDemo(filer)),
    );
    return quarterAcrossManagers(positions, period, { managers: picked, limit });
  }, [positions, period, rows, managers, filers, limit]);
  const counted =
    managers.length > 0 ? managers.length : filers.filter((f) => !isDataQualityDemo(f)).length;
  return {
    ...reading,
    what: `the 13F rows of ${period === null ? '' : formatDay(period)}${narrowing ? ' for the managers picked' : ''}`,
    lists,
    filers,
    counted,
    readWith: pull.state === 'done' ? fetchedSentence(pull) : null,
    tooLarge,
  };
}

/**
 * The lists over every manager from the service's aggregates, and the quarter's filers (an
 * empty filing too) from its filer aggregates.
 */
function useAggregateLists(period: string | null, limit: number, wanted: boolean) {
  const lists = useQuery({ ...quarterAggregatesOptions(period, limit), enabled: wanted });
  const filings = useQuery({ ...periodFilingsOptions(period), enabled: wanted });
  const filers = useMemo(
    () => [...new Set((filings.data ?? []).map((filing) => filing.filer))].sort(),
    [filings.data],
  );
  const failed = lists.error ?? filings.error;
  const pull: Pull = failed
    ? { state: 'failed', error: failed }
    : lists.data && filings.data
      ? { state: 'done', rows: [], requests: 0 }
      : { state: 'waiting' };
  return {
    pull,
    cancel: NOTHING,
    retry: () => {
      void lists.refetch();
      void filings.refetch();
    },
    what: `the aggregates of ${period === null ? '' : formatDay(period)}`,
    lists: lists.data ?? null,
    filers,
    counted: filers.filter((filer) => !isDataQualityDemo(filer)).length,
    readWith: pull.state === 'done' ? 'aggregated by the service' : null,
    tooLarge: false,
  };
}

/**
 * The quarter view's lists and what it says of its read: from the service's aggregates over
 * every manager where it serves them (rows only for the managers an analyst picks), else from
 * the quarter's rows.
 */
export function useQuarterReading(
  period: string | null,
  managers: readonly string[],
  limit: number,
  source: ViewSource,
): QuarterReading {
  const aggregates = source === 'aggregates';
  const fromAggregates = useAggregateLists(period, limit, aggregates);
  const fromRows = useRowLists(
    aggregates && managers.length === 0 ? null : period,
    managers,
    limit,
    aggregates,
  );
  // The filers of the whole data, for the Managers box only when the quarter could not be read.
  const knownFilers = useFieldValues('13f_holdings', 'companyname', fromRows.tooLarge);
  if (!aggregates) {
    return fromRows.tooLarge ? { ...fromRows, filers: knownFilers?.values ?? [] } : fromRows;
  }
  return managers.length === 0 ? fromAggregates : { ...fromRows, filers: fromAggregates.filers };
}
