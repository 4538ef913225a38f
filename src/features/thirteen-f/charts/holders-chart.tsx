import { sameRowFilter } from '../../../lib/url-state/row-filter.ts';
import type { RowFilter } from '../../../lib/url-state/row-filter.ts';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import {
  formatCount,
  formatUsd,
  formatUsdCompact,
  formatWeight,
} from '../../../components/charts/chart-format.ts';
import type { Position } from '../analytics/analytics.ts';
import { HorizontalBars } from '../../../components/charts/horizontal-bars.tsx';
import type { ThirteenFScope } from './use-thirteen-f-scope.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { SecurityViewLink } from '../../../components/security-link.tsx';

/** A filer's position in the holding, in its bar's colour. */
interface HolderBar extends Position {
  readonly fill: string;
}

/** Who else holds the holding in the period, by value; a click shows that filer's rows. */
export function HoldersChart({
  scope,
  label,
  bars,
  pending,
  width,
  onFilter,
  chosen,
}: {
  scope: ThirteenFScope;
  /** The holding's name. */
  label: string;
  bars: readonly HolderBar[];
  pending: boolean;
  width: number;
  onFilter: (filter: RowFilter) => void;
  chosen?: RowFilter | undefined;
}) {
  const filterOf = (holder: HolderBar): RowFilter => ({
    label: `${holder.filer} · ${label}`,
    conditions: [
      { field: 'companyname', op: 'in', values: [holder.filer] },
      { field: 'cusip', op: 'in', values: [holder.cusip] },
    ],
  });
  return (
    <ChartFrame
      title={`Who else holds ${label} — ${formatDay(scope.period)}`}
      controls={<SecurityViewLink cusip={bars[0]?.cusip} period={scope.period} label={label} />}
      notes={[
        pending
          ? 'Loading every filer’s position…'
          : 'Every filer in the data holding this CUSIP in this period, fetched for this chart (the 15 largest). Click a bar to show this filer’s rows.',
      ]}
      summary={
        bars[0]
          ? `${formatCount(bars.length)} filer${bars.length === 1 ? '' : 's'} shown; the largest holder is ${bars[0].filer} with ${formatUsd(bars[0].value)}.`
          : 'No holders to chart.'
      }
      table={{
        columns: ['Filer', 'Shares', 'Value (USD)', 'Weight in its portfolio'],
        rows: bars.map((position) => [
          position.filer,
          formatCount(position.shares),
          formatUsd(position.value),
          formatWeight(position.weight),
        ]),
      }}
    >
      <HorizontalBars
        data={bars}
        width={width}
        rowHeight={24}
        axisHeight={40}
        category={{ dataKey: 'filer', width: 220, fontSize: 11 }}
        valueAxis={{ tickFormatter: (value: number) => formatUsdCompact(value) }}
        series={[{ dataKey: 'value', name: 'Value' }]}
        tooltip={{ formatter: (value) => [formatUsd(Number(value)), 'Value'] }}
        onSelect={(holder) => {
          onFilter(filterOf(holder));
        }}
        isChosen={(holder) => sameRowFilter(filterOf(holder), chosen)}
      />
    </ChartFrame>
  );
}
