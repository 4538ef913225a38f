import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { servesAggregates } from '../../lib/api/app-config.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { FeedSection } from './feed-section.tsx';
import { ItemMeta, WorkspaceAnchor } from './feed-links.tsx';
import { describeChanges, fetchFilings, withLargestNew } from './filings.ts';
import type { Filing, Filings } from './filings.ts';
import type { FeedScope } from './feed-query.ts';
import { anyOf } from './feed-query.ts';

/** The holdings-changes view of one filing: its rows, charted on the changes tab. */
function FilingLink({ filing }: { filing: Filing }) {
  const body = {
    module: '13f_holdings',
    filters: {
      filter: [
        { companyname: { $equals: filing.filer } },
        { periodofreport: { $equals: filing.period } },
      ],
    },
  };
  return (
    <WorkspaceAnchor
      body={body}
      view={{
        mode: 'chart',
        chart: { tab: 'changes', filer: filing.filer, period: filing.period },
      }}
    >
      {filing.filer}
    </WorkspaceAnchor>
  );
}

/** The badge counts the window's filings; when it has none it says so, not a bare 0 over a list. */
function countText(data: Filings): string {
  if (data.beforeWindow) return '0 in window';
  return `${data.count.toLocaleString()}${data.bounded ? '+' : ''}`;
}

const countLabel = (data: Filings) =>
  data.beforeWindow ? 'None in the window' : `${countText(data)} in all`;

/**
 * The filings with their largest new position, asked once they show (aggregates only: from 13F
 * rows the filings already carry it), so the second request never delays the first paint.
 */
function useWithLargestNew(data: Filings | undefined, aggregates: boolean) {
  const filings = data?.filings ?? [];
  const largest = useQuery({
    queryKey: ['home', 'filings-largest', filings.map((f) => [f.filer, f.period, f.new])],
    queryFn: ({ signal }) => withLargestNew(filings, signal),
    enabled: aggregates && filings.some((filing) => filing.new > 0),
    staleTime: 60_000,
  });
  return largest.data ?? filings;
}

/** New 13F filings of followed managers (all managers when none is followed). */
export function FilingsSection({ scope }: { scope: FeedScope }) {
  const aggregates = servesAggregates();
  const { start, filers } = scope;
  const result = useQuery({
    queryKey: ['home', 'filings', start, filers, aggregates],
    queryFn: ({ signal }) => fetchFilings({ start, filers }, aggregates, signal),
    staleTime: 60_000,
  });
  const filings = useWithLargestNew(result.data, aggregates);
  const followed = scope.filers.length;
  return (
    <FeedSection
      id="filings"
      title="New 13F filings"
      scope={
        followed > 0
          ? `${String(followed)} followed manager${followed === 1 ? '' : 's'}`
          : 'Every manager: star managers to narrow this to them'
      }
      result={result}
      count={countText}
      countLabel={countLabel}
      empty={(data) =>
        data.filings.length === 0
          ? 'No 13F filing in the data yet.'
          : data.beforeWindow
            ? `None filed since ${formatDay(scope.start)}. The latest ${String(data.filings.length)}, filed before the window:`
            : null
      }
      openBody={{
        // The workspace opens the vendor's modules: the filings' rows, newest filed first.
        module: '13f_holdings',
        filters: {
          filter: [
            { filedat: { $gte: scope.start } },
            ...(followed > 0 ? [anyOf('companyname', scope.filers)] : []),
          ],
          order_by: 'filedat:DESC',
        },
      }}
    >
      {() => (
        <List spacing={6} size="sm" listStyleType="none" aria-label="Filings">
          {filings.map((filing) => (
            <List.Item key={`${filing.filer}|${filing.period}`}>
              <FilingLink filing={filing} />
              <ItemMeta
                parts={[`quarter ${formatDay(filing.period)}`, `filed ${formatDay(filing.filed)}`]}
              />
              <Text size="sm">{describeChanges(filing)}</Text>
            </List.Item>
          ))}
        </List>
      )}
    </FeedSection>
  );
}
