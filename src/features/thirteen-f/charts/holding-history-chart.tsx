import { Select } from '@mantine/core';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import type { ChartSettingsProps } from '../../../components/charts/chart-settings.ts';
import { formatCount, formatUsd, formatWeight } from '../../../components/charts/chart-format.ts';
import { LegendLabel } from '../../../components/charts/legend-label.tsx';
import type { issuerHistory } from '../analytics/analytics.ts';
import type { ThirteenFScope } from './use-thirteen-f-scope.ts';
import { formatDay } from '../../../lib/format/dates.ts';

const SHARES = '#0072b2';
const WEIGHT = '#d55e00';

type HoldingPoint = ReturnType<typeof issuerHistory>[number];

/** Which of the result's holdings is charted: those with a value or a weight, largest first. */
function HoldingPicker({
  scope,
  cusip,
  onSettingsChange,
}: {
  scope: ThirteenFScope;
  cusip: string | null;
  onSettingsChange: ChartSettingsProps['onSettingsChange'];
}) {
  return (
    <Select
      size="xs"
      aria-label="Holding"
      searchable
      w={220}
      value={cusip}
      onChange={(holding) => {
        onSettingsChange({ holding: holding ?? '' });
      }}
      data={[...scope.inResult]
        .filter((position) => (position.value ?? 0) > 0 || (position.weight ?? 0) > 0)
        .sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
        .map((position) => ({
          value: position.security,
          // Without a ticker the label is the issuer already: said once.
          label:
            position.label === position.issuer
              ? position.issuer
              : `${position.label} · ${position.issuer}`,
        }))}
    />
  );
}

/** One holding of the filer across periods: its shares, and its weight on a second axis. */
export function HoldingHistoryChart({
  scope,
  cusip,
  label,
  points,
  width,
  onSettingsChange,
}: {
  scope: ThirteenFScope;
  cusip: string | null;
  label: string;
  points: readonly HoldingPoint[];
  width: number;
  onSettingsChange: ChartSettingsProps['onSettingsChange'];
}) {
  return (
    <ChartFrame
      title={`${label} across periods — ${scope.filer}`}
      controls={<HoldingPicker scope={scope} cusip={cusip} onSettingsChange={onSettingsChange} />}
      legend={[
        { label: 'Shares', color: SHARES },
        { label: 'Weight (%)', color: WEIGHT },
      ]}
      summary={
        points.length > 0
          ? `${label}: ${formatCount(points[0]?.shares ?? null)} shares at ${formatDay(points[0]?.period ?? '')}, ${formatCount(points.at(-1)?.shares ?? null)} at ${formatDay(points.at(-1)?.period ?? '')}; weight ${formatWeight(points.at(-1)?.weight ?? null)} at the end.`
          : 'No periods to chart.'
      }
      table={{
        columns: ['Period', 'Shares', 'Value (USD)', 'Weight'],
        rows: points.map((entry) => [
          formatDay(entry.period),
          formatCount(entry.shares),
          formatUsd(entry.value),
          formatWeight(entry.weight),
        ]),
      }}
    >
      <LineChart
        width={width}
        height={240}
        data={points}
        margin={{ left: 16, right: 16, top: 8, bottom: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="period" tickFormatter={(period: string) => formatDay(period)} />
        <YAxis yAxisId="shares" tickFormatter={(value: number) => formatCount(value)} width={96} />
        <YAxis yAxisId="weight" orientation="right" unit="%" width={56} />
        <Tooltip
          labelFormatter={(period: unknown) =>
            typeof period === 'string' ? formatDay(period) : ''
          }
          formatter={(value, name) =>
            name === 'Weight' ? formatWeight(Number(value)) : formatCount(Number(value))
          }
        />
        <Legend formatter={(value: string) => <LegendLabel text={value} />} />
        <Line
          yAxisId="shares"
          dataKey="shares"
          name="Shares"
          stroke={SHARES}
          isAnimationActive={false}
        />
        <Line
          yAxisId="weight"
          dataKey="weight"
          name="Weight"
          stroke={WEIGHT}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}
