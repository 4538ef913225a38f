import { useQuery } from '@tanstack/react-query';
import type { CompareSearch } from '../../../lib/url-state/analysis-links.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { latestPeriodOptions } from '../api/across-managers-queries.ts';
import { filerFilingsOptions } from '../api/aggregate-queries.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';

/**
 * A manager's latest quarter with holdings to compare: from the service's filer aggregates
 * where it serves them (an empty filing is filed, but holds nothing to compare), else the latest
 * with a row. Null while unknown or not asked.
 */
function useLatestFiled(filer: string | null, source: ViewSource): string | null {
  const fromAggregates = useQuery({
    ...filerFilingsOptions(source === 'aggregates' ? filer : null),
  });
  const fromRows = useQuery(latestPeriodOptions(source === 'rows' ? filer : null));
  if (source === 'rows') return fromRows.data ?? null;
  return fromAggregates.data?.find((filing) => filing.positions > 0)?.period ?? null;
}

/** The quarter compared: the one asked for, else the latest both managers filed for. */
export function useComparedPeriod(state: CompareSearch, source: ViewSource): string | null {
  const latestA = useLatestFiled(state.period ? null : (state.a ?? null), source);
  const latestB = useLatestFiled(state.period ? null : (state.b ?? null), source);
  if (state.period) return state.period;
  if (latestA === null || latestB === null) return null;
  return latestA < latestB ? latestA : latestB;
}

/**
 * What the view says of a manager with no holdings to compare in `period`. From rows an empty
 * filing and none look alike; the filer aggregates tell them apart (a filing with 0 positions,
 * or no filing at all), once its filings are known.
 */
export function useNothingToCompare(filer: string, period: string, source: ViewSource): string {
  const filings = useQuery(filerFilingsOptions(source === 'aggregates' ? filer : null));
  const quarter = formatDay(period);
  const filed = filings.data?.find((filing) => filing.period === period);
  if (source === 'rows' || filings.data === undefined)
    return `${filer} filed no 13F holdings for ${quarter}; pick another quarter.`;
  return filed
    ? `${filer} filed an empty 13F information table for ${quarter} (no holdings); pick another quarter.`
    : `${filer} has no 13F filing for ${quarter} in the data; pick another quarter.`;
}
