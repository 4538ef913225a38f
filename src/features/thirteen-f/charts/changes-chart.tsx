import { Checkbox, Group } from '@mantine/core';
import { useMemo } from 'react';
import { sameRowFilter } from '../../../lib/url-state/row-filter.ts';
import type { RowFilter } from '../../../lib/url-state/row-filter.ts';
import { ChartFrame } from '../../../components/charts/chart-frame.tsx';
import type { ChartTable } from '../../../components/charts/chart-frame.tsx';
import { flagSetting } from '../../../components/charts/chart-settings.ts';
import type { ChartSettingsProps } from '../../../components/charts/chart-settings.ts';
import {
  formatChange,
  formatCount,
  formatUsd,
  formatWeight,
} from '../../../components/charts/chart-format.ts';
import type { TooltipContent } from '../../../components/charts/chart-tooltip.tsx';
import { STATUS_COLORS } from './status-colors.ts';
import { STATUS_ORDER } from '../analytics/analytics.ts';
import { useHoldingsChanges as useChanges } from './use-holdings-changes.ts';
import type { HoldingChange } from '../analytics/analytics.ts';
import { changeBars, maxBarsFor, shareChangeTicks } from './change-bars.ts';
import type { ChangeBar } from './change-bars.ts';
import { HorizontalBars } from '../../../components/charts/horizontal-bars.tsx';
import { barsRightMargin } from '../../../components/charts/bar-margins.ts';
import { changesSummary } from './narratives.ts';
import type { ThirteenFChartProps, ThirteenFScope } from './use-thirteen-f-scope.ts';
import { ValueSplitChart } from './value-split-chart.tsx';
import { formatDay } from '../../../lib/format/dates.ts';

const BAR_ROW = 22;
const LABEL_WIDTH = 120;
/** HorizontalBars' left margin. */
const LEFT_MARGIN = 8;

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

/** Where the statuses come from, and which changes are charted. */
function changesNotes(
  scope: ThirteenFScope,
  {
    derived,
    shown,
    charted,
    wholePortfolio,
  }: {
    derived: boolean;
    shown: number;
    charted: number;
    wholePortfolio: boolean;
  },
): string[] {
  return [
    derived
      ? `Classified here from ${formatDay(scope.period)} against ${formatDay(scope.previousPeriod ?? '')} (both quarters fetched for this chart); sorted by portfolio impact within each status.`
      : scope.previousPending
        ? 'Loading the previous quarter…'
        : `No filing for ${scope.previousPeriod ? formatDay(scope.previousPeriod) : 'the previous quarter'} in the data: statuses and changes as served, without the value split.`,
    `${shown > charted ? `Showing the ${formatCount(charted)} largest of ${formatCount(shown)} changes. ` : ''}${wholePortfolio ? 'Whole portfolio.' : 'Positions in this result, and every one sold or reduced.'}`,
  ];
}

function changesTable(bars: readonly ChangeBar[]): ChartTable {
  return {
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
  };
}

/** Which changes are charted: the whole portfolio's or the result's, UNCHANGED ones or not. */
function ChangesControls({
  wholePortfolio,
  withUnchanged,
  onSettingsChange,
}: {
  wholePortfolio: boolean;
  withUnchanged: boolean;
  onSettingsChange: ChartSettingsProps['onSettingsChange'];
}) {
  return (
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
  );
}

/**
 * The share-change axis, −100 % to `end`, its ticks spaced to fit `plotWidth`. When the end is
 * capped (a rise beyond it drawn to it, labelled with its figure), its tick reads "≥ 200%".
 */
function shareChangeAxis(end: number, capped: boolean, plotWidth: number) {
  return {
    domain: [-100, end],
    ticks: shareChangeTicks(end, plotWidth),
    tickFormatter: (value: number) =>
      capped && value === end ? `≥ ${String(value)}%` : `${String(value)}%`,
  };
}

/** What a click on a change's bar puts on the table: that security's rows of the filer and period. */
function changeFilter(bar: HoldingChange, scope: ThirteenFScope): RowFilter {
  return {
    label: `${bar.label} (${bar.status}) · ${scope.filer} · ${formatDay(scope.period)}`,
    conditions: [...scope.pairConditions, { field: 'cusip', op: 'in', values: [bar.cusip] }],
  };
}

/** Quarter-over-quarter holdings changes: diverging bars by status, and each change's value split. */
export function ChangesChart({
  scope,
  flags,
  width,
  onFilter,
  chosen,
  settings,
  onSettingsChange,
}: ThirteenFChartProps) {
  const wholePortfolio = flagSetting(settings, 'wholePortfolio');
  const withUnchanged = flagSetting(settings, 'unchanged');
  const { changes, derived } = useChanges(scope);
  const inResult = useMemo(
    () => new Set(scope.inResult.map((position) => position.security)),
    [scope.inResult],
  );
  const { inScope, shown, bars, largestRise, capped } = changeBars(changes, flags, {
    inResult,
    wholePortfolio,
    withUnchanged,
    maxBars: maxBarsFor(width),
  });
  const plotWidth =
    width - LABEL_WIDTH - LEFT_MARGIN - barsRightMargin(bars, { entryLabels: 'barLabel' });
  const pick = (bar: HoldingChange) => {
    onFilter(changeFilter(bar, scope));
  };
  const isChosen = (bar: HoldingChange) => sameRowFilter(changeFilter(bar, scope), chosen);
  return (
    <>
      <ChartFrame
        title={`Holdings changes — ${scope.filer} · ${formatDay(scope.period)}`}
        notes={changesNotes(scope, {
          derived,
          shown: shown.length,
          charted: bars.length,
          wholePortfolio,
        })}
        legendOnScreen
        legend={STATUS_ORDER.map((status) => ({ label: status, color: STATUS_COLORS[status] }))}
        controls={
          <ChangesControls
            wholePortfolio={wholePortfolio}
            withUnchanged={withUnchanged}
            onSettingsChange={onSettingsChange}
          />
        }
        // The counts are of the changes this chart covers, so they agree with its bars.
        summary={changesSummary(inScope, bars, flags, {
          unchanged: withUnchanged,
          of: shown.length,
        })}
        table={changesTable(bars)}
      >
        <HorizontalBars
          data={bars}
          width={width}
          rowHeight={BAR_ROW}
          axisHeight={48}
          category={{ dataKey: 'name', width: LABEL_WIDTH, fontSize: 12 }}
          valueAxis={shareChangeAxis(largestRise, capped, plotWidth)}
          series={[{ dataKey: 'plotted', name: 'Share change' }]}
          entryLabels="barLabel"
          insideLabels="insideLabel"
          tooltip={{ describe: describeChangeBar }}
          zeroLine
          onSelect={pick}
          isChosen={isChosen}
        />
      </ChartFrame>
      <ValueSplitChart
        scope={scope}
        bars={bars}
        width={width}
        rowHeight={BAR_ROW}
        onSelect={pick}
        isChosen={isChosen}
      />
    </>
  );
}
