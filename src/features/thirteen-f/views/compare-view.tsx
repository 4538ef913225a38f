import { Group, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { PullStatus } from './pull-status.tsx';
import { FollowStar } from '../../../components/follow-star.tsx';
import { ViewHeader } from './view-header.tsx';
import { SecurityAnchor } from '../../../components/security-link.tsx';
import { periodSpanOptions, quarterBody } from '../api/across-managers-queries.ts';
import { defaultSource } from '../api/aggregate-queries.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';
import { useComparedPeriod, useNothingToCompare } from './compare-reading.ts';
import { quarterEnds } from '../analytics/quarters.ts';
import { ANALYSIS_LINK_VERSION } from '../../../lib/url-state/analysis-links.ts';
import type { CompareSearch } from '../../../lib/url-state/analysis-links.ts';
import { useBoundedPull } from '../api/bounded-pull.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { useFieldValues } from '../../../lib/api/field-values.ts';
import { formatUsd, formatWeight } from '../../../components/charts/chart-format.ts';
import { compareManagers } from '../analytics/manager-comparison.ts';
import type { ComparedPosition, ManagerComparison } from '../analytics/manager-comparison.ts';
import { SharedPositionsChart } from './compare-chart.tsx';
import { toPositions } from '../analytics/positions.ts';
import { COMPARE_PURPOSE, CompareSuggestions, PickTwo } from './compare-start.tsx';

const plural = (count: number, one: string) => `${String(count)} ${one}${count === 1 ? '' : 's'}`;
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

/** One figure of the comparison, large, with what it means under it. */
function Figure({ label, value, meaning }: { label: string; value: string; meaning: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs">{meaning}</Text>
    </Paper>
  );
}

function Overlap({ a, b, comparison }: { a: string; b: string; comparison: ManagerComparison }) {
  const { shared, onlyA, onlyB } = comparison;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Figure
        label="Similarity: overlap of weights"
        value={percent(comparison.overlapByWeight)}
        meaning="How much of each portfolio is the same: Σ of the smaller weight over the positions both hold (100% identical, 0% nothing shared)."
      />
      <Figure
        label="Overlap by value"
        value={`${percent(comparison.sharedValueOfA)} · ${percent(comparison.sharedValueOfB)}`}
        meaning={`Of ${a}'s long value in what ${b} also holds · of ${b}'s in what ${a} also holds.`}
      />
      <Figure
        label="Overlap by count"
        value={percent(comparison.overlapByCount)}
        meaning={`${plural(shared.length, 'position')} shared of ${String(shared.length + onlyA.length + onlyB.length)} either holds (Jaccard).`}
      />
    </SimpleGrid>
  );
}

/** A list of compared positions, each security a link to its view across managers. */
function PositionsTable({
  caption,
  rows,
  a,
  b,
  period,
}: {
  caption: string;
  rows: readonly ComparedPosition[];
  a: string;
  b: string;
  period: string;
}) {
  return (
    <Table.ScrollContainer minWidth={640} maxHeight={480}>
      <Table striped highlightOnHover stickyHeader aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Security</Table.Th>
            <Table.Th>CUSIP</Table.Th>
            <Table.Th ta="right">Weight — {a}</Table.Th>
            <Table.Th ta="right">Weight — {b}</Table.Th>
            <Table.Th ta="right">Value — {a}</Table.Th>
            <Table.Th ta="right">Value — {b}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.security}>
              <Table.Td>
                <SecurityAnchor cusip={row.cusip} period={period}>
                  {row.label}
                </SecurityAnchor>
              </Table.Td>
              <Table.Td>{row.cusip}</Table.Td>
              <Table.Td ta="right">{formatWeight(row.weightA)}</Table.Td>
              <Table.Td ta="right">{formatWeight(row.weightB)}</Table.Td>
              <Table.Td ta="right">{formatUsd(row.valueA)}</Table.Td>
              <Table.Td ta="right">{formatUsd(row.valueB)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A manager with no holdings to compare in the quarter, and why (see useNothingToCompare). */
function NothingToCompare(props: { filer: string; period: string; source: ViewSource }) {
  return <Text role="status">{useNothingToCompare(props.filer, props.period, props.source)}</Text>;
}

/** The two managers' pickers and the quarter. */
/** The star of a picked manager (none before one is picked). */
function followStar(filer: string | undefined) {
  return filer ? <FollowStar kind="filer" followKey={filer} label={filer} size="xs" /> : undefined;
}

function ComparePickers({
  state,
  period,
  onChange,
  source,
}: {
  state: CompareSearch;
  period: string | null;
  onChange: (next: CompareSearch) => void;
  source: ViewSource;
}) {
  const filers = useFieldValues('13f_holdings', 'companyname');
  const span = useQuery(periodSpanOptions(source));
  const periods = span.data ? quarterEnds(span.data.first, span.data.last) : [];
  const options = filers?.values ?? [];
  const manager = (label: string, key: 'a' | 'b') => (
    <Select
      label={label}
      placeholder="Pick a manager"
      searchable
      w={{ base: '100%', sm: 270 }}
      data={[...new Set([...options, ...(state[key] ? [state[key]] : [])])]}
      value={state[key] ?? null}
      // The picked manager's follow star, at the field's start: a button, so it takes clicks.
      leftSection={followStar(state[key])}
      leftSectionPointerEvents="all"
      nothingFoundMessage="No manager of that name"
      onChange={(next) => {
        onChange({ ...state, [key]: next ?? undefined });
      }}
    />
  );
  return (
    <Group align="flex-end" wrap="wrap">
      {manager('Manager A', 'a')}
      {manager('Manager B', 'b')}
      <Select
        label="Quarter"
        w={180}
        placeholder="Latest of both"
        allowDeselect={false}
        value={period}
        data={periods.map((end) => ({ value: end, label: formatDay(end) }))}
        onChange={(next) => {
          if (next) onChange({ ...state, period: next });
        }}
      />
    </Group>
  );
}

/** The comparison's figures, its chart of shared positions and the three lists. */
function ComparisonResults({
  a,
  b,
  period,
  comparison,
}: {
  a: string;
  b: string;
  period: string;
  comparison: ManagerComparison;
}) {
  const navigate = useNavigate();
  return (
    <>
      <Overlap a={a} b={b} comparison={comparison} />
      <SharedPositionsChart
        a={a}
        b={b}
        shared={comparison.shared}
        onOpen={(position) => {
          void navigate({
            to: '/security',
            search: { v: ANALYSIS_LINK_VERSION, cusip: position.cusip, period },
          });
        }}
      />
      <Tabs defaultValue="shared" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="shared">Both hold ({comparison.shared.length})</Tabs.Tab>
          <Tabs.Tab value="a">
            Only {a} ({comparison.onlyA.length})
          </Tabs.Tab>
          <Tabs.Tab value="b">
            Only {b} ({comparison.onlyB.length})
          </Tabs.Tab>
        </Tabs.List>
        {(
          [
            ['shared', `Positions both hold`, comparison.shared],
            ['a', `Positions only ${a} holds`, comparison.onlyA],
            ['b', `Positions only ${b} holds`, comparison.onlyB],
          ] as const
        ).map(([value, caption, rows]) => (
          <Tabs.Panel key={value} value={value} pt="sm">
            <PositionsTable caption={caption} rows={rows} a={a} b={b} period={period} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/**
 * Two managers side by side in one quarter: how much they overlap (by weight, by value, by
 * count), the positions they share with both weights, and those only one holds; each security
 * opens its view across managers. Each portfolio is read through the query interface; which
 * quarters a manager filed, from the service's filer aggregates where it serves them.
 */
export function CompareView({
  state,
  onChange,
  actions,
  source = defaultSource(),
}: {
  state: CompareSearch;
  onChange: (next: CompareSearch) => void;
  /** The page's actions on the view (save, copy link), beside its title. */
  actions?: ReactNode;
  /** Where it reads which quarters a manager filed: the service's aggregates, else rows. */
  source?: ViewSource;
}) {
  const period = useComparedPeriod(state, source);
  const filers = useFieldValues('13f_holdings', 'companyname');
  const { a, b } = state;
  const ready = period !== null && a !== undefined && b !== undefined;
  const pullA = useBoundedPull(ready ? quarterBody(period, [a]) : null);
  const pullB = useBoundedPull(ready ? quarterBody(period, [b]) : null);
  const rowsA = pullA.pull.state === 'done' ? pullA.pull.rows : null;
  const rowsB = pullB.pull.state === 'done' ? pullB.pull.rows : null;
  const comparison = useMemo(
    () => (rowsA && rowsB ? compareManagers(toPositions(rowsA), toPositions(rowsB)) : null),
    [rowsA, rowsB],
  );
  const pending = [
    { who: a, reading: pullA, rows: rowsA },
    { who: b, reading: pullB, rows: rowsB },
  ];

  return (
    <Stack gap="md">
      <ViewHeader
        title={`Two managers side by side${period ? ` — ${formatDay(period)}` : ''}`}
        subtitle={
          <>
            {ready
              ? `Each manager's 13F portfolio of the quarter${rowsA && rowsB ? `: ${String(rowsA.length)} and ${String(rowsB.length)} rows read` : ''}.`
              : COMPARE_PURPOSE}
          </>
        }
        actions={actions}
      />
      {ready ? (
        <ComparePickers state={state} period={period} onChange={onChange} source={source} />
      ) : (
        <PickTwo>
          <ComparePickers state={state} period={period} onChange={onChange} source={source} />
        </PickTwo>
      )}
      {!ready && <CompareSuggestions filers={filers?.values} onPick={onChange} />}
      {ready &&
        pending.map(({ who, reading, rows }) =>
          rows ? (
            rows.length === 0 && (
              <NothingToCompare key={who} filer={who ?? ''} period={period} source={source} />
            )
          ) : (
            <PullStatus
              key={who}
              pull={reading.pull}
              what={`${who ?? ''}'s 13F rows of ${formatDay(period)}`}
              onCancel={reading.cancel}
              onRetry={reading.retry}
            />
          ),
        )}
      {ready && comparison && rowsA?.length !== 0 && rowsB?.length !== 0 && (
        <ComparisonResults a={a} b={b} period={period} comparison={comparison} />
      )}
    </Stack>
  );
}
