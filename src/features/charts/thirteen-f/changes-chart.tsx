import { Checkbox, Group } from '@mantine/core';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../chart-frame.tsx';
import { flagSetting } from '../chart-settings.ts';
import { LegendLabel } from '../legend-label.tsx';
import {
  formatChange,
  formatCount,
  formatUsd,
  formatUsdCompact,
  formatWeight,
} from '../chart-format.ts';
import { BarTooltip } from '../chart-tooltip.tsx';
import type { TooltipContent } from '../chart-tooltip.tsx';
import { STATUS_COLORS } from '../colors.ts';
import { changesFromServed, holdingsChanges, STATUS_ORDER } from './analytics.ts';
import type { HoldingChange } from './analytics.ts';
import type { DataFlag } from './flags.ts';
import type { ThirteenFChartProps, ThirteenFScope } from './use-thirteen-f-scope.ts';

const BAR_ROW = 22;
const QUANTITY = '#0072b2';
const PRICE = '#e69f00';

interface ChangeBar extends HoldingChange {
  readonly name: string;
  /** Where the bar ends: the change in percent, NEW drawn at the axis' end. */
  readonly plotted: number;
  readonly fill: string;
  readonly flags: readonly DataFlag[];
}

/** A change bar's tooltip: shares and value before and after, the split, impact, flags. */
function describeChangeBar(bar: ChangeBar): TooltipContent {
  return {
    title: `${bar.label} · ${bar.status}`,
    lines: [
      `Shares ${formatCount(bar.sharesBefore)} → ${formatCount(bar.sharesAfter)} (${bar.status === 'NEW' ? 'new' : formatChange(bar.shareChangePct)})`,
      `Value ${formatUsd(bar.valueBefore)} → ${formatUsd(bar.valueAfter)}`,
      ...(bar.quantityEffect !== null ? [`Quantity effect ${formatUsd(bar.quantityEffect)}`] : []),
      ...(bar.priceEffect !== null ? [`Price effect ${formatUsd(bar.priceEffect)}`] : []),
      `Portfolio impact ${formatWeight(bar.impact)} points`,
    ],
    flags: bar.flags.map((flag) => flag.message),
  };
}

/** The changes to chart: classified from both quarters when fetched, else as served. */
function useChanges(scope: ThirteenFScope) {
  return useMemo(() => {
    if (scope.fullPortfolio && scope.previousPositions && scope.previousPositions.length > 0) {
      return { ...holdingsChanges(scope.fullPortfolio, scope.previousPositions), derived: true };
    }
    return {
      changes: changesFromServed(scope.inResult),
      totalBefore: null,
      totalAfter: null,
      derived: false,
    };
  }, [scope.fullPortfolio, scope.previousPositions, scope.inResult]);
}

/** Quarter-over-quarter holdings changes: diverging bars by status, and each change's value split. */
export function ChangesChart({
  scope,
  flags,
  width,
  onFilter,
  settings,
  onSettingsChange,
}: ThirteenFChartProps) {
  const wholePortfolio = flagSetting(settings, 'wholePortfolio');
  const withUnchanged = flagSetting(settings, 'unchanged');
  const { changes, derived } = useChanges(scope);
  const inResult = useMemo(
    () => new Set(scope.inResult.map((position) => position.cusip)),
    [scope.inResult],
  );
  const maxBars = Math.max(10, Math.min(40, Math.floor(width / 24)));
  const shown = changes.filter(
    (change) =>
      (wholePortfolio || inResult.has(change.cusip)) &&
      (withUnchanged || change.status !== 'UNCHANGED'),
  );
  // The largest impacts, then back in status groups so the groups stay together.
  const kept = new Set([...shown].sort((a, b) => b.impact - a.impact).slice(0, maxBars));
  const ordered = shown.filter((change) => kept.has(change));
  // A round end for the axis; NEW positions (an infinite rise) are drawn reaching it.
  const largestRise =
    Math.ceil(Math.max(100, ...ordered.map((change) => change.shareChangePct ?? 0)) / 50) * 50;
  const bars: ChangeBar[] = ordered.map((change) => {
    const changeFlags = flags.get(change.cusip) ?? [];
    return {
      ...change,
      name: `${changeFlags.some((flag) => flag.kind === 'price-jump') ? '⚠ ' : ''}${change.label}`,
      plotted: change.status === 'NEW' ? largestRise : (change.shareChangePct ?? 0),
      fill: STATUS_COLORS[change.status],
      flags: changeFlags,
    };
  });
  // Without the status colour: each of the two stacked series has its own.
  const split = bars
    .filter((bar) => bar.quantityEffect !== null && bar.priceEffect !== null)
    .map((bar) => ({ ...bar, fill: undefined }));
  const counts = STATUS_ORDER.map(
    (status) => [status, changes.filter((change) => change.status === status).length] as const,
  );
  const pick = (bar: HoldingChange | undefined) => {
    if (bar) {
      onFilter({
        label: `${bar.label} (${bar.status}) · ${scope.filer} · ${scope.period}`,
        conditions: [...scope.pairConditions, { field: 'cusip', op: 'in', values: [bar.cusip] }],
      });
    }
  };
  const notes = [
    derived
      ? `Classified here from ${scope.period} against ${scope.previousPeriod ?? ''} (both quarters fetched for this chart); sorted by portfolio impact within each status.`
      : scope.previousPending
        ? 'Loading the previous quarter…'
        : `No filing for ${scope.previousPeriod ?? 'the previous quarter'} in the data: statuses and changes as served, without the value split.`,
    `${shown.length > ordered.length ? `Showing the ${formatCount(ordered.length)} largest of ${formatCount(shown.length)} changes. ` : ''}${wholePortfolio ? 'Whole portfolio.' : 'Positions in this result only.'}`,
  ];
  const title = `Holdings changes — ${scope.filer} · ${scope.period}`;
  return (
    <>
      <ChartFrame
        title={title}
        notes={notes}
        legendOnScreen
        legend={STATUS_ORDER.map((status) => ({ label: status, color: STATUS_COLORS[status] }))}
        controls={
          <Group gap="sm">
            <Checkbox
              size="xs"
              label="Whole portfolio"
              checked={wholePortfolio}
              onChange={(event) => {
                onSettingsChange({ wholePortfolio: event.currentTarget.checked });
              }}
            />
            <Checkbox
              size="xs"
              label="Unchanged"
              checked={withUnchanged}
              onChange={(event) => {
                onSettingsChange({ unchanged: event.currentTarget.checked });
              }}
            />
          </Group>
        }
        summary={`${counts.map(([status, count]) => `${formatCount(count)} ${status}`).join(', ')}.${
          bars[0]
            ? ` The largest impact is ${bars.reduce((a, b) => (b.impact > a.impact ? b : a)).label}.`
            : ''
        }`}
        table={{
          columns: [
            'Holding',
            'Status',
            'Shares before',
            'Shares after',
            'Share change',
            'Quantity effect',
            'Price effect',
            'Impact (pp)',
          ],
          rows: bars.map((bar) => [
            bar.label,
            bar.status,
            formatCount(bar.sharesBefore),
            formatCount(bar.sharesAfter),
            bar.status === 'NEW' ? 'new' : formatChange(bar.shareChangePct),
            bar.quantityEffect === null ? '—' : formatUsd(bar.quantityEffect),
            bar.priceEffect === null ? '—' : formatUsd(bar.priceEffect),
            formatWeight(bar.impact),
          ]),
        }}
      >
        <BarChart
          layout="vertical"
          width={width}
          height={bars.length * BAR_ROW + 48}
          data={bars}
          margin={{ left: 8, right: 24, top: 4, bottom: 4 }}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            domain={[-100, largestRise]}
            ticks={[-100, -50, 0, 50, 100, ...(largestRise > 100 ? [largestRise] : [])]}
            tickFormatter={(value: number) => `${String(value)}%`}
          />
          <YAxis type="category" dataKey="name" width={120} interval={0} tick={{ fontSize: 12 }} />
          <ReferenceLine x={0} stroke="#444" />
          <Tooltip content={<BarTooltip describe={describeChangeBar} />} />
          <Bar
            dataKey="plotted"
            name="Share change"
            cursor="pointer"
            isAnimationActive={false}
            onClick={(_item, index) => {
              pick(bars[index]);
            }}
          />
        </BarChart>
      </ChartFrame>
      {split.length > 0 && (
        <ChartFrame
          title={`Value change split — ${scope.filer} · ${scope.period}`}
          notes={[
            'Each position’s change in value split into what trading did (shares bought or sold at last quarter’s price) and what the price did (on the shares now held).',
          ]}
          legend={[
            { label: 'Quantity effect', color: QUANTITY },
            { label: 'Price effect', color: PRICE },
          ]}
          summary={`Across these ${formatCount(split.length)} positions, trading moved ${formatUsd(split.reduce((total, bar) => total + (bar.quantityEffect ?? 0), 0))} and prices ${formatUsd(split.reduce((total, bar) => total + (bar.priceEffect ?? 0), 0))}.`}
          table={{
            columns: [
              'Holding',
              'Quantity effect (USD)',
              'Price effect (USD)',
              'Value change (USD)',
            ],
            rows: split.map((bar) => [
              bar.label,
              formatUsd(bar.quantityEffect),
              formatUsd(bar.priceEffect),
              formatUsd((bar.quantityEffect ?? 0) + (bar.priceEffect ?? 0)),
            ]),
          }}
        >
          <BarChart
            layout="vertical"
            stackOffset="sign"
            width={width}
            height={split.length * BAR_ROW + 72}
            data={split}
            margin={{ left: 8, right: 24, top: 4, bottom: 4 }}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" tickFormatter={(value: number) => formatUsdCompact(value)} />
            <YAxis
              type="category"
              dataKey="name"
              width={120}
              interval={0}
              tick={{ fontSize: 12 }}
            />
            <ReferenceLine x={0} stroke="#444" />
            <Tooltip formatter={(value) => formatUsd(Number(value))} />
            <Legend formatter={(value: string) => <LegendLabel text={value} />} />
            <Bar
              dataKey="quantityEffect"
              name="Quantity effect"
              stackId="effect"
              fill={QUANTITY}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(_item, index) => {
                pick(split[index]);
              }}
            />
            <Bar
              dataKey="priceEffect"
              name="Price effect"
              stackId="effect"
              fill={PRICE}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(_item, index) => {
                pick(split[index]);
              }}
            />
          </BarChart>
        </ChartFrame>
      )}
    </>
  );
}
