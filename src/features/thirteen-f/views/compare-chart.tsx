import { sentence } from '../../../lib/format/sentence.ts';
import { Box } from '@mantine/core';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import type { ChartTable } from '../../../components/charts/chart-frame.tsx';
import { formatUsd, formatWeight } from '../../../components/charts/chart-format.ts';
import { seriesColor } from '../../../components/charts/colors.ts';
import { useChartWidth } from '../../../components/charts/use-chart-width.ts';
import type { ComparedPosition } from '../analytics/manager-comparison.ts';
import { HorizontalBars } from '../../../components/charts/horizontal-bars.tsx';

/** The chart draws the largest shared positions; its data table and CSV hold them all. */
const CHARTED = 20;
const BAR_ROW = 34;

/**
 * The two managers' colours: Okabe–Ito bluish green and reddish purple, told apart in every
 * colour vision, and neither the blue of buying nor the orange of selling (STATUS_COLORS).
 */
const MANAGER_COLORS = [seriesColor(2), seriesColor(3)] as const;

/** The shared positions as the data table (and CSV): all of them, both weights and values. */
function sharedTable(a: string, b: string, shared: readonly ComparedPosition[]): ChartTable {
  return {
    columns: [
      'Security',
      'CUSIP',
      `Weight — ${a}`,
      `Weight — ${b}`,
      `Value — ${a} (USD)`,
      `Value — ${b} (USD)`,
    ],
    rows: shared.map((position) => [
      position.label,
      position.cusip,
      formatWeight(position.weightA),
      formatWeight(position.weightB),
      formatUsd(position.valueA),
      formatUsd(position.valueB),
    ]),
  };
}

/** The positions two managers share, each with both weights side by side; a click opens it. */
export function SharedPositionsChart({
  a,
  b,
  shared,
  onOpen,
}: {
  a: string;
  b: string;
  shared: readonly ComparedPosition[];
  onOpen: (position: ComparedPosition) => void;
}) {
  const { ref, width } = useChartWidth();
  const bars = shared.slice(0, CHARTED).map((position) => ({
    ...position,
    inA: position.weightA ?? 0,
    inB: position.weightB ?? 0,
  }));
  const [first] = bars;
  return (
    <ChartFrame
      title={`Shared positions — ${a} and ${b}`}
      notes={[
        `Each position both managers hold, by its weight in each portfolio (% of long value; options left out); the ${String(CHARTED)} largest drawn, all in the data table. Click a bar to open that security across managers.`,
      ]}
      summary={
        first
          ? sentence(
              `${String(shared.length)} ${shared.length === 1 ? 'position' : 'positions'} shared; the largest, ${first.label}, weighs ${formatWeight(first.weightA)} for ${a} and ${formatWeight(first.weightB)} for ${b}`,
            )
          : `${a} and ${b} hold no position in common.`
      }
      legend={[
        { label: a, color: MANAGER_COLORS[0] },
        { label: b, color: MANAGER_COLORS[1] },
      ]}
      table={sharedTable(a, b, shared)}
    >
      <Box ref={ref}>
        {width !== undefined && width > 0 && bars.length > 0 && (
          <HorizontalBars
            data={bars}
            width={width}
            rowHeight={BAR_ROW}
            axisHeight={56}
            category={{ dataKey: 'label', width: 190, fontSize: 11 }}
            valueAxis={{ unit: '%' }}
            series={[
              { dataKey: 'inA', name: a, fill: MANAGER_COLORS[0] },
              { dataKey: 'inB', name: b, fill: MANAGER_COLORS[1] },
            ]}
            legend
            valueLabels={(value) => formatWeight(value)}
            tooltip={{
              describe: (bar) => ({
                title: bar.label,
                lines: [
                  `${a}: ${formatWeight(bar.weightA)} (${formatUsd(bar.valueA)})`,
                  `${b}: ${formatWeight(bar.weightB)} (${formatUsd(bar.valueB)})`,
                ],
              }),
            }}
            onSelect={onOpen}
          />
        )}
      </Box>
    </ChartFrame>
  );
}
