import { Anchor, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FollowStar } from '../../../components/follow-star.tsx';
import { PullStatus } from './pull-status.tsx';
import { ViewHeader } from './view-header.tsx';
import { CoverageNote } from './coverage-note.tsx';
import { useOpeningQuarter, useShownCoverage } from '../api/coverage-queries.ts';
import { periodSpanOptions } from '../api/across-managers-queries.ts';
import { quarterEnds } from '../analytics/quarters.ts';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../../lib/format/dates.ts';
import { filerPortfolioBody } from '../../../lib/url-state/thirteen-f-targets.ts';
import { encodeWorkspaceLink } from '../../../lib/url-state/workspace-link.ts';
import {
  formatChange,
  formatCount,
  formatUsd,
  formatWeight,
} from '../../../components/charts/chart-format.ts';
import { securityHolders } from '../analytics/across-managers.ts';
import type { Holder, SecurityQuarter } from '../analytics/across-managers.ts';
import { SecurityTrends } from './security-quarters-chart.tsx';
import { defaultSource } from '../api/aggregate-queries.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';
import { useSecurityReading } from './security-reading.ts';

/**
 * A flag's text: a dark orange that reads as a warning and passes AA on the striped rows
 * (the theme's orange 9 measures about 4:1 there).
 */
const FLAG_TEXT = '#a63d00';

/** A holder's filer, a link to its portfolio in that quarter. */
function FilerLink({ filer, period }: { filer: string; period: string }) {
  const body = filerPortfolioBody({ name: filer, latestPeriod: period });
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link
          to="/q/$module"
          params={{ module: '13f_holdings' }}
          hash={encodeWorkspaceLink({ v: 1, module: '13f_holdings', body })}
          {...props}
        />
      )}
    >
      {filer}
    </Anchor>
  );
}

/** The holders (or the managers that sold out) in one quarter, as a table. */
function HoldersTable({
  caption,
  holders,
  period,
}: {
  caption: string;
  holders: readonly Holder[];
  period: string;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={caption}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Manager</Table.Th>
            <Table.Th>Position</Table.Th>
            <Table.Th ta="right">Shares</Table.Th>
            <Table.Th ta="right">Value (USD)</Table.Th>
            <Table.Th ta="right">Weight</Table.Th>
            <Table.Th ta="right">Change QoQ</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Data quality</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holders.map((holder) => (
            <Table.Tr key={`${holder.filer} ${holder.label}`}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <FollowStar
                    kind="filer"
                    followKey={holder.filer}
                    label={holder.filer}
                    size="xs"
                  />
                  <FilerLink filer={holder.filer} period={period} />
                </Group>
              </Table.Td>
              <Table.Td>{holder.label}</Table.Td>
              <Table.Td ta="right">{formatCount(holder.shares)}</Table.Td>
              <Table.Td ta="right">{formatUsd(holder.value)}</Table.Td>
              <Table.Td ta="right">{formatWeight(holder.weight)}</Table.Td>
              <Table.Td ta="right">{formatChange(holder.pctChange)}</Table.Td>
              <Table.Td>{holder.status ?? '—'}</Table.Td>
              <Table.Td maw={260}>
                {holder.flags.map((flag) => {
                  // The flag's first clause in view; the rest on hover and for screen readers.
                  const [first = '', ...rest] = flag.message.split(': ');
                  return (
                    <Text key={flag.kind} size="xs" c={FLAG_TEXT} title={flag.message}>
                      ⚠ {first}
                      {rest.length > 0 && <VisuallyHidden>: {rest.join(': ')}</VisuallyHidden>}
                    </Text>
                  );
                })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A quarter to read alone, when a security's every quarter is too much. */
function QuarterPicker({ onPick }: { onPick: (period: string) => void }) {
  const span = useQuery(periodSpanOptions());
  const periods = span.data ? quarterEnds(span.data.first, span.data.last) : [];
  return (
    <Select
      mt="sm"
      label="Read one quarter"
      placeholder="Pick a quarter"
      w={220}
      data={periods.map((end) => ({ value: end, label: formatDay(end) }))}
      onChange={(next) => {
        if (next) onPick(next);
      }}
    />
  );
}

/** The quarter shown, among those the security is held in, and how many hold it then. */
function QuarterChoice({
  period,
  held,
  holders,
  soldOut,
  onPeriodChange,
}: {
  period: string;
  held: readonly SecurityQuarter[];
  holders: number;
  soldOut: number;
  onPeriodChange: (period: string) => void;
}) {
  return (
    <Group align="flex-end">
      <Select
        label="Quarter"
        w={180}
        allowDeselect={false}
        value={period}
        data={[...held]
          .reverse()
          .map((quarter) => ({ value: quarter.period, label: formatDay(quarter.period) }))}
        onChange={(next) => {
          if (next) onPeriodChange(next);
        }}
      />
      <Text size="sm" role="status">
        {holders} {holders === 1 ? 'manager holds' : 'managers hold'} it at {formatDay(period)}
        {soldOut > 0 ? `; ${String(soldOut)} sold out that quarter` : ''}.
      </Text>
    </Group>
  );
}

/**
 * One security across managers: its holders in a quarter, by value, each a link to the
 * manager's portfolio, the managers that sold out, and its quarters (holders, buyers, sellers).
 * Its quarters come from the service's aggregates where it serves them, and the holders from the
 * shown quarter's rows; else every row of the CUSIP is read and aggregated here.
 */
export function SecurityView({
  cusip,
  period: chosenPeriod,
  onPeriodChange,
  actions,
  source = defaultSource(),
}: {
  cusip: string;
  /** The page's actions on the view (save, copy link), beside its title. */
  actions?: ReactNode;
  /** The quarter shown; undefined: the latest with holders up to the latest complete one. */
  period: string | undefined;
  onPeriodChange: (period: string) => void;
  /** Where it reads: the service's aggregates where it serves them, else rows. */
  source?: ViewSource;
}) {
  const { opening, coverage } = useOpeningQuarter(true, source, chosenPeriod);
  const reading = useSecurityReading(cusip, chosenPeriod, opening, source);
  const { pull, positions, quarters, held, period, name } = reading;
  const covered = useShownCoverage(coverage, period);

  if (pull.state !== 'done') {
    return (
      <PullStatus
        pull={pull}
        what={reading.what}
        onCancel={reading.cancel}
        onRetry={reading.retry}
        narrow={<QuarterPicker onPick={onPeriodChange} />}
      />
    );
  }
  if (period === null) return <Text role="status">Finding the latest complete quarter…</Text>;
  if (period === undefined) {
    return <Text role="status">No manager in the data holds CUSIP {cusip}.</Text>;
  }
  const { holders, soldOut } = securityHolders(positions, cusip, period);
  return (
    <Stack gap="md">
      <ViewHeader
        title={name}
        star={<FollowStar kind="security" followKey={cusip} label={name} size="md" />}
        subtitle={
          <>
            CUSIP {cusip} · {reading.readWith}
          </>
        }
        actions={actions}
      />
      <QuarterChoice
        period={period}
        held={held}
        holders={holders.length}
        soldOut={soldOut.length}
        onPeriodChange={onPeriodChange}
      />
      <CoverageNote coverage={covered} />
      <HoldersTable
        caption={`Holders at ${formatDay(period)}, largest first`}
        holders={holders}
        period={period}
      />
      {soldOut.length > 0 && (
        <HoldersTable
          caption={`Sold out at ${formatDay(period)}`}
          holders={soldOut}
          period={period}
        />
      )}
      <SecurityTrends
        name={name}
        quarters={quarters}
        chosen={period}
        aggregated={source === 'aggregates'}
      />
    </Stack>
  );
}
