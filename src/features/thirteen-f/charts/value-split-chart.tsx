import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import { formatUsd, formatUsdCompact } from '../../../components/charts/chart-format.ts';
import type { HoldingChange } from '../analytics/analytics.ts';
import type { ChangeBar } from './change-bars.ts';
import { HorizontalBars } from '../../../components/charts/horizontal-bars.tsx';
import { valueSplitSummary } from './narratives.ts';
import type { ThirteenFScope } from './use-thirteen-f-scope.ts';
import { formatDay } from '../../../lib/format/dates.ts';

const QUANTITY = '#0072b2';
const PRICE = '#e69f00';

/**
 * A change bar without its status colour: each of the two stacked series has its own. The key
 * must be gone, not undefined: recharts paints a bar with its entry's `fill` over the series'
 * one, and an undefined fill is drawn black.
 */
function withoutStatusColour(bar: ChangeBar): Omit<ChangeBar, 'fill'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- taken out, not used
  const { fill, ...entry } = bar;
  return entry;
}

/**
 * Each charted change's value change split into a quantity and a price effect, stacked; nothing
 * when no change has both (the previous quarter was not fetched).
 */
export function ValueSplitChart({
  scope,
  bars,
  width,
  rowHeight,
  onSelect,
  isChosen,
}: {
  scope: ThirteenFScope;
  bars: readonly ChangeBar[];
  width: number;
  rowHeight: number;
  onSelect: (change: HoldingChange) => void;
  isChosen: (change: HoldingChange) => boolean;
}) {
  const split = bars
    .filter((bar) => bar.quantityEffect !== null && bar.priceEffect !== null)
    .map(withoutStatusColour);
  if (split.length === 0) return null;
  return (
    <ChartFrame
      title={`Value change split — ${scope.filer} · ${formatDay(scope.period)}`}
      notes={[
        'Each position’s change in value split into what trading did (shares bought or sold at last quarter’s price) and what the price did (on the shares now held).',
      ]}
      legend={[
        { label: 'Quantity effect', color: QUANTITY },
        { label: 'Price effect', color: PRICE },
      ]}
      summary={valueSplitSummary(split)}
      table={{
        columns: ['Holding', 'Quantity effect (USD)', 'Price effect (USD)', 'Value change (USD)'],
        rows: split.map((bar) => [
          bar.label,
          formatUsd(bar.quantityEffect),
          formatUsd(bar.priceEffect),
          formatUsd((bar.quantityEffect ?? 0) + (bar.priceEffect ?? 0)),
        ]),
      }}
    >
      <HorizontalBars
        data={split}
        width={width}
        rowHeight={rowHeight}
        axisHeight={72}
        category={{ dataKey: 'name', width: 120, fontSize: 12 }}
        valueAxis={{ tickFormatter: (value: number) => formatUsdCompact(value) }}
        series={[
          { dataKey: 'quantityEffect', name: 'Quantity effect', stackId: 'effect', fill: QUANTITY },
          { dataKey: 'priceEffect', name: 'Price effect', stackId: 'effect', fill: PRICE },
        ]}
        tooltip={{ formatter: (value) => formatUsd(Number(value)) }}
        zeroLine
        legend
        stackOffset="sign"
        onSelect={onSelect}
        isChosen={isChosen}
      />
    </ChartFrame>
  );
}
