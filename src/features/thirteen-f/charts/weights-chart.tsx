import { Group, SegmentedControl, Text } from '@mantine/core';
import { useMemo } from 'react';
import { SOLD_OUT } from '#contract/holding-status';
import { choiceSetting } from '../../../components/charts/chart-settings.ts';
import type { ChartSettingsProps } from '../../../components/charts/chart-settings.ts';
import { sameRowFilter } from '../../../lib/url-state/row-filter.ts';
import type { RowFilter } from '../../../lib/url-state/row-filter.ts';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import type { ChartTable } from '../../../components/charts/chart-frame.tsx';
import type { TooltipContent } from '../../../components/charts/chart-tooltip.tsx';
import { formatCount, formatUsd, formatWeight } from '../../../components/charts/chart-format.ts';
import { PRIMARY, seriesColor } from '../../../components/charts/colors.ts';
import { portfolioWeights } from '../analytics/analytics.ts';
import type { PortfolioWeights, Position } from '../analytics/analytics.ts';
import type { DataFlag } from '../analytics/flags.ts';
import { HorizontalBars } from '../../../components/charts/horizontal-bars.tsx';
import { weightsSummary } from './narratives.ts';
import type { ThirteenFChartProps, ThirteenFScope } from './use-thirteen-f-scope.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { SecurityViewLink } from '../../../components/security-link.tsx';

const BAR_ROW = 24;
const OTHER = '__other__';
/** Not in the result: drawn lighter, so the analyst sees what the table does not hold. */
const OUTSIDE = '#74a9e0';

const TOP_N_CHOICES = ['10', '15', '25'] as const;

interface WeightBar {
  /** The slice's Position.security (an option apart from the shares), or OTHER. */
  readonly key: string;
  readonly cusip: string;
  readonly label: string;
  readonly issuer: string;
  readonly weight: number;
  readonly value: number | null;
  readonly inResult: boolean;
  readonly flags: readonly DataFlag[];
  readonly fill: string;
}

/** A weight bar's tooltip: exact weight and value, and every flag. */
function describeWeightBar(bar: WeightBar): TooltipContent {
  return {
    title: `${bar.label}${bar.issuer && bar.issuer !== bar.label ? ` · ${bar.issuer}` : ''}`,
    lines: [
      `Weight ${formatWeight(bar.weight)}`,
      ...(bar.value !== null ? [`Value ${formatUsd(bar.value)}`] : []),
      ...(!bar.inResult && bar.key !== OTHER ? ['Not in this result'] : []),
    ],
    flags: bar.flags.map((flag) => flag.message),
  };
}

/** The bars: the top slices (lighter when not in the result, ⚠ when flagged), then "Other". */
function weightBars(
  weights: PortfolioWeights,
  inResult: ReadonlySet<string>,
  flags: ReadonlyMap<string, readonly DataFlag[]>,
): WeightBar[] {
  return [
    ...weights.top.map((slice) => {
      const sliceFlags = flags.get(slice.security) ?? [];
      return {
        key: slice.security,
        cusip: slice.cusip,
        label: `${sliceFlags.some((flag) => flag.kind === 'price-jump') ? '⚠ ' : ''}${slice.label}`,
        issuer: slice.issuer,
        weight: slice.weight,
        value: slice.value,
        inResult: inResult.has(slice.security),
        flags: sliceFlags,
        fill: inResult.has(slice.security) ? PRIMARY : OUTSIDE,
      };
    }),
    ...(weights.other.count > 0 || weights.other.weight > 0.005
      ? [
          {
            key: OTHER,
            cusip: '',
            label: `Other (${formatCount(weights.other.count)})`,
            issuer: '',
            weight: weights.other.weight,
            value: null,
            inResult: true,
            flags: [],
            fill: seriesColor(0, true),
          },
        ]
      : []),
  ];
}

/**
 * The filing's SOLD OUT rows, which the position count leaves out (0 shares, 0 value): said, so
 * the result's record count beside it adds up.
 */
function soldOutNote(positions: readonly Position[]): string[] {
  const soldOut = positions.filter((position) => position.status === SOLD_OUT).length;
  if (soldOut === 0) return [];
  return [
    `Not counted: ${formatCount(soldOut)} SOLD OUT ${soldOut === 1 ? 'row, a position' : 'rows, positions'} sold since the previous quarter (0 shares, 0 value).`,
  ];
}

/** Where the positions come from, and where the weights do. */
function weightsNotes(scope: ThirteenFScope, weights: PortfolioWeights): string[] {
  return [
    scope.fullPortfolio === undefined
      ? 'Loading the whole portfolio for totals and concentration…'
      : scope.fetchedPortfolio
        ? `The whole portfolio (${formatCount(weights.positionCount)} positions) was fetched for this chart: the result holds ${formatCount(scope.inResult.length)} of them. Lighter bars are not in the result.`
        : `The result holds the whole portfolio (${formatCount(weights.positionCount)} positions).`,
    ...soldOutNote(scope.fullPortfolio ?? []),
    weights.weightSource === 'served'
      ? 'Weights as the service computes them (value ÷ the filer’s long value).'
      : 'The rows carry no weights: derived here as value ÷ the portfolio’s long value.',
    `Total value is the long value: share positions only, options left out.${
      weights.options.count > 0
        ? ` ${formatCount(weights.options.count)} option positions (puts and calls, ${formatUsd(weights.options.value)} notional: the underlying's value as filed, not money invested) have no weight and are not charted here; the table lists them with their Put/Call.`
        : ''
    }`,
  ];
}

/** Every shown slice, and the rest as one "Other" row. */
function weightsTable(weights: PortfolioWeights): ChartTable {
  return {
    columns: ['Holding', 'Issuer', 'CUSIP', 'Weight', 'Value (USD)'],
    rows: [
      ...weights.top.map((slice) => [
        slice.label,
        slice.issuer,
        slice.cusip,
        formatWeight(slice.weight),
        formatUsd(slice.value),
      ]),
      [
        'Other',
        `${formatCount(weights.other.count)} holdings`,
        '',
        formatWeight(weights.other.weight),
        '',
      ],
    ],
  };
}

/** The table filter of a clicked bar: its holding, or every holding not shown for "Other". */
function weightBarFilter(
  bar: WeightBar,
  scope: ThirteenFScope,
  weights: PortfolioWeights,
): RowFilter {
  if (bar.key === OTHER) {
    return {
      label: `Other holdings · ${scope.filer} · ${formatDay(scope.period)}`,
      conditions: [
        ...scope.pairConditions,
        // Only shares are slices; an option of a shown CUSIP is in neither the bar nor the rest.
        {
          field: 'cusip',
          op: 'notIn',
          values: weights.top
            .filter((slice) => slice.security === slice.cusip)
            .map((slice) => slice.cusip),
        },
      ],
    };
  }
  return {
    label: `${bar.label} · ${scope.filer} · ${formatDay(scope.period)}`,
    // Bars are share positions; the CUSIP's option rows, if any, show along with them.
    conditions: [...scope.pairConditions, { field: 'cusip', op: 'in', values: [bar.cusip] }],
  };
}

/** How many holdings get a bar of their own. */
function TopNControl({
  topN,
  onSettingsChange,
}: {
  topN: (typeof TOP_N_CHOICES)[number];
  onSettingsChange: ChartSettingsProps['onSettingsChange'];
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Holdings shown"
      value={topN}
      onChange={(next) => {
        onSettingsChange({ topN: next });
      }}
      data={[
        { value: '10', label: 'Top 10' },
        { value: '15', label: 'Top 15' },
        { value: '25', label: 'Top 25' },
      ]}
    />
  );
}

/** Which of the shown slices the result holds (not a set of every position: there may be 100k). */
function useShownInResult(weights: PortfolioWeights, scope: ThirteenFScope): ReadonlySet<string> {
  return useMemo(() => {
    const shown = new Set(weights.top.map((slice) => slice.security));
    const held = new Set<string>();
    for (const position of scope.inResult)
      if (shown.has(position.security)) held.add(position.security);
    return held;
  }, [weights.top, scope.inResult]);
}

/** Portfolio weights of one filer and period: the top N holdings and the rest, with concentration. */
export function WeightsChart({
  scope,
  flags,
  width,
  onFilter,
  chosen,
  settings,
  onSettingsChange,
}: ThirteenFChartProps) {
  const topN = choiceSetting(settings, 'topN', TOP_N_CHOICES, '15');
  const positions = scope.fullPortfolio ?? scope.inResult;
  const weights = useMemo(() => portfolioWeights(positions, Number(topN)), [positions, topN]);
  const inResult = useShownInResult(weights, scope);
  const bars = weightBars(weights, inResult, flags);
  // The bar the table is filtered on, when it is one security: its holders across managers.
  const chosenBar = bars.find(
    (bar) => bar.key !== OTHER && sameRowFilter(weightBarFilter(bar, scope, weights), chosen),
  );
  return (
    <ChartFrame
      title={`Portfolio weights — ${scope.filer} · ${formatDay(scope.period)}`}
      notes={weightsNotes(scope, weights)}
      legendOnScreen
      legend={[
        { label: 'In this result', color: PRIMARY },
        ...(scope.fetchedPortfolio ? [{ label: 'Not in this result', color: OUTSIDE }] : []),
        { label: 'Other holdings', color: seriesColor(0, true) },
      ]}
      controls={
        <>
          {chosenBar && (
            <SecurityViewLink
              cusip={chosenBar.cusip}
              period={scope.period}
              label={chosenBar.label}
            />
          )}
          <TopNControl topN={topN} onSettingsChange={onSettingsChange} />
        </>
      }
      summary={weightsSummary(weights, flags)}
      table={weightsTable(weights)}
    >
      <Group gap="lg" mb={4}>
        <Text size="sm">
          Concentration: top 10 = <strong>{formatWeight(weights.top10Weight)}</strong>
        </Text>
        <Text size="sm">
          Total value: <strong>{formatUsd(weights.total)}</strong>
        </Text>
      </Group>
      <HorizontalBars
        data={bars}
        width={width}
        rowHeight={BAR_ROW}
        axisHeight={40}
        category={{ dataKey: 'label', width: 170, fontSize: 12 }}
        valueAxis={{ unit: '%', domain: [0, 'auto'] }}
        series={[{ dataKey: 'weight', name: 'Weight' }]}
        tooltip={{ describe: describeWeightBar }}
        valueLabels={formatWeight}
        onSelect={(bar) => {
          onFilter(weightBarFilter(bar, scope, weights));
        }}
        isChosen={(bar) => sameRowFilter(weightBarFilter(bar, scope, weights), chosen)}
      />
    </ChartFrame>
  );
}
