import { FollowStar } from '../../../components/follow-star.tsx';
import { Alert, Group, List, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { matchedAccountOf } from '#contract/relations';
import type { ServiceRecord } from '#contract/response';
import { RelatedQueriesMenu } from '../../../components/related-queries.tsx';
import type { RowFilter } from '../../../lib/url-state/row-filter.ts';
import { useFilerAccount } from '../api/context-queries.ts';
import type { ChartSettings } from '../../../lib/url-state/workspace-view.ts';
import { choiceSetting, useChartSettings } from '../../../components/charts/chart-settings.ts';
import { missingFieldsMessage, unmetNeeds } from '../../../components/charts/missing-fields.ts';
import { useChartWidth } from '../../../components/charts/use-chart-width.ts';
import { ChangesChart } from './changes-chart.tsx';
import { positionFlags } from '../analytics/flags.ts';
import type { DataFlag } from '../analytics/flags.ts';
import { HistoryChart } from './history-chart.tsx';
import { useThirteenFScope } from './use-thirteen-f-scope.ts';
import type { ThirteenFChartProps, ThirteenFScope } from './use-thirteen-f-scope.ts';
import { WeightsChart } from './weights-chart.tsx';
import { formatDay } from '../../../lib/format/dates.ts';

const TABS = ['weights', 'changes', 'history'] as const;
/** What a position is made of: its security, and its size as a value or a weight. */
const POSITION_NEEDS = [['cusip'], ['value', 'portfolio_pct_weight']] as const;

/**
 * Flags per security (Position.security: an option apart from the shares of its CUSIP) for the
 * chosen filer and period, against its previous quarter.
 */
function useFlags(scope: ThirteenFScope): ReadonlyMap<string, readonly DataFlag[]> {
  return useMemo(() => {
    const previous = new Map(
      (scope.previousPositions ?? []).map((position) => [position.security, position]),
    );
    const flags = new Map<string, DataFlag[]>();
    for (const position of scope.fullPortfolio ?? scope.inResult) {
      const found = positionFlags(position, previous.get(position.security), scope.earlierPeriod);
      if (found.length > 0) flags.set(position.security, found);
    }
    return flags;
  }, [scope.fullPortfolio, scope.inResult, scope.previousPositions, scope.earlierPeriod]);
}

function FilerStar({ filer }: { filer: string }) {
  return <FollowStar kind="filer" followKey={filer} label={filer} size="xs" />;
}

function ScopePicker({ scope }: { scope: ThirteenFScope }) {
  const { filers, pairs } = scope.choices;
  const periods = pairs
    .filter((pair) => pair.filer === scope.filer)
    .map((pair) => pair.period)
    .sort()
    .reverse();
  if (filers.length <= 1 && periods.length <= 1) return null;
  return (
    <Group gap="xs" align="flex-end">
      {filers.length > 1 && (
        <Select
          size="xs"
          label="Filer"
          searchable
          w={280}
          // The picked filer's star, at the field's start: a button, so it takes clicks.
          leftSection={scope.known ? <FilerStar filer={scope.filer} /> : undefined}
          leftSectionPointerEvents="all"
          value={scope.filer}
          allowDeselect={false}
          data={filers}
          onChange={(filer) => {
            const latest = pairs
              .filter((pair) => pair.filer === filer)
              .map((pair) => pair.period)
              .sort()
              .at(-1);
            if (filer && latest) scope.choose({ filer, period: latest });
          }}
        />
      )}
      {periods.length > 1 && (
        <Select
          size="xs"
          label="Period"
          w={140}
          value={scope.period}
          allowDeselect={false}
          data={periods.map((period) => ({ value: period, label: formatDay(period) }))}
          onChange={(period) => {
            if (period) scope.choose({ filer: scope.filer, period });
          }}
        />
      )}
    </Group>
  );
}

/**
 * The flags in one place: filing-level ones (late or amended filing, unit change) once, and
 * position-level ones (implied price jumps) per position.
 */
function FlagSummary({
  scope,
  flags,
}: {
  scope: ThirteenFScope;
  flags: ReadonlyMap<string, readonly DataFlag[]>;
}) {
  if (flags.size === 0) return null;
  const filing = new Set<string>();
  const positions: [string, string[]][] = [];
  const labels = new Map(
    (scope.fullPortfolio ?? scope.inResult).map((position) => [position.security, position.label]),
  );
  for (const [security, found] of flags) {
    const own = found.filter((flag) => flag.kind === 'price-jump').map((flag) => flag.message);
    for (const flag of found) if (flag.kind !== 'price-jump') filing.add(flag.message);
    if (own.length > 0) positions.push([labels.get(security) ?? security, own]);
  }
  return (
    <Alert color="orange" title="Data-quality flags">
      <List size="sm" spacing={2}>
        {[...filing].map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
        {positions.slice(0, 8).map(([label, messages]) => (
          <List.Item key={label}>
            <strong>{label}</strong>: {messages.join(' ')}
          </List.Item>
        ))}
      </List>
      {positions.length > 8 && (
        <Text size="xs">
          …and {positions.length - 8} more positions, marked ⚠ in the charts and the table.
        </Text>
      )}
    </Alert>
  );
}

/** The filer's matched account, for its related queries: from the rows, else fetched. */
function useFilerAccountOf(rows: readonly ServiceRecord[], scope: ThirteenFScope) {
  const fromRows = useMemo(() => {
    const row = rows.find(
      (candidate) => candidate.companyname === undefined || candidate.companyname === scope.filer,
    );
    return row ? matchedAccountOf(row) : null;
  }, [rows, scope.filer]);
  return useFilerAccount(scope.known ? scope.filer : null, fromRows);
}

/** Why there is nothing to chart: the fields the rows lack, or no row with a position. */
function NoPositions({
  rows,
  body,
}: {
  rows: readonly ServiceRecord[];
  body: Readonly<Record<string, unknown>>;
}) {
  const unmet = unmetNeeds(rows, POSITION_NEEDS);
  return (
    <Alert color="gray" title="13F charts">
      <Text size="sm">
        {unmet.length > 0
          ? missingFieldsMessage(unmet, body, 'The charts need')
          : 'No row has a cusip with a value or portfolio_pct_weight to chart.'}
      </Text>
    </Alert>
  );
}

/** One tab per chart; only the open one is drawn. */
function ChartTabs({
  tab,
  onTabChange,
  chartProps,
}: {
  tab: (typeof TABS)[number];
  onTabChange: (tab: string) => void;
  chartProps: ThirteenFChartProps;
}) {
  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        if (next) onTabChange(next);
      }}
      keepMounted={false}
    >
      <Tabs.List>
        <Tabs.Tab value="weights">Portfolio weights</Tabs.Tab>
        <Tabs.Tab value="changes">Holdings changes</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="weights" pt="xs">
        <WeightsChart {...chartProps} />
      </Tabs.Panel>
      <Tabs.Panel value="changes" pt="xs">
        <Stack gap="sm">
          <ChangesChart {...chartProps} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="xs">
        <Stack gap="sm">
          <HistoryChart {...chartProps} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The 13F charts of a result: portfolio weights, holdings changes and history, with flags. */
export function ThirteenFCharts({
  rows,
  body,
  onFilter,
  chosen,
  settings: givenSettings,
  onSettingsChange: givenOnSettingsChange,
}: {
  rows: readonly ServiceRecord[];
  body: Readonly<Record<string, unknown>>;
  onFilter: (filter: RowFilter) => void;
  /** The filter a chart's bar put on the table, if any: that bar is marked. */
  chosen?: RowFilter | undefined;
  /** The chart settings, when the caller keeps them (in its link); else they are kept here. */
  settings?: ChartSettings | undefined;
  onSettingsChange?: ((next: ChartSettings) => void) | undefined;
}) {
  const chartSettings = useChartSettings(givenSettings, givenOnSettingsChange);
  const scope = useThirteenFScope(rows, body, chartSettings);
  const tab = choiceSetting(chartSettings.settings, 'tab', TABS, 'weights');
  const flags = useFlags(scope);
  const { ref, width } = useChartWidth();
  const chartWidth = Math.max(360, Math.floor(width ?? 0) - 24);
  const { account, pending } = useFilerAccountOf(rows, scope);

  if (scope.preparing) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Preparing the charts for {rows.length.toLocaleString()} rows…</Text>
      </Group>
    );
  }
  if (scope.positions.length === 0) return <NoPositions rows={rows} body={body} />;
  return (
    <Stack gap="sm" ref={ref}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ScopePicker scope={scope} />
        {scope.known && (
          // One filer: its star beside the menu that names it (a line of its own pushed the
          // first chart below the fold at 1440×900); several: the star is in the Filer picker.
          <Group gap={4} wrap="nowrap">
            {scope.choices.filers.length <= 1 && <FilerStar filer={scope.filer} />}
            <RelatedQueriesMenu account={account} pending={pending} />
          </Group>
        )}
      </Group>
      <FlagSummary scope={scope} flags={flags} />
      {/* Drawn once the width is known, rather than twice (at a guessed width, then the real one). */}
      {width !== undefined && (
        <ChartTabs
          tab={tab}
          onTabChange={(next) => {
            chartSettings.onSettingsChange({ tab: next });
          }}
          chartProps={{ scope, flags, width: chartWidth, onFilter, chosen, ...chartSettings }}
        />
      )}
    </Stack>
  );
}
