import { Anchor, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { isDataQualityDemo } from '#contract/demo-filers';
import type { ReactNode } from 'react';
import { PullStatus } from './pull-status.tsx';
import { ViewHeader } from './view-header.tsx';
import { CoverageNote } from './coverage-note.tsx';
import { useOpeningQuarter } from '../api/coverage-queries.ts';
import { periodSpanOptions, securityBody } from '../api/across-managers-queries.ts';
import { quarterEnds } from '../analytics/quarters.ts';
import { useQuery } from '@tanstack/react-query';
import { fetchedSentence, useBoundedPull } from '../api/bounded-pull.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { filerPortfolioBody } from '../../../lib/url-state/thirteen-f-targets.ts';
import { encodeWorkspaceLink } from '../../../lib/url-state/workspace-link.ts';
import {
  formatChange,
  formatCount,
  formatUsd,
  formatWeight,
} from '../../../components/charts/chart-format.ts';
import { securityByQuarter, securityHolders } from '../analytics/across-managers.ts';
import type { Holder, SecurityQuarter } from '../analytics/across-managers.ts';
import { toPositions } from '../analytics/positions.ts';
import { SecurityTrends } from './security-quarters-chart.tsx';

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
                <FilerLink filer={holder.filer} period={period} />
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

/**
 * The quarter shown: the one asked for when it has holders; else the latest with holders up to
 * the quarter views open on (`opening`, the latest complete one: a later quarter still filling
 * up would show a security's holders falling), or the latest with holders when none is that
 * early. Null while `opening` is not known yet.
 */
function shownQuarter(
  held: readonly SecurityQuarter[],
  chosen: string | undefined,
  opening: string | null,
): string | null | undefined {
  if (chosen !== undefined && held.some((quarter) => quarter.period === chosen)) return chosen;
  if (opening === null) return null;
  const upToOpening = held.filter((quarter) => quarter.period <= opening).at(-1);
  return (upToOpening ?? held.at(-1))?.period;
}

/**
 * Every row of the CUSIP, read with the bounded pull, as positions and quarters; the quarter
 * shown (shownQuarter) and the security's name.
 */
function useSecurityQuarters(
  cusip: string,
  chosenPeriod: string | undefined,
  opening: string | null,
) {
  const whole = useBoundedPull(useMemo(() => securityBody(cusip), [cusip]));
  // Too many rows in every quarter (a vendor's most held stock): the quarter asked for only.
  const tooLarge = whole.pull.state === 'too-large';
  const narrowed = useBoundedPull(
    useMemo(
      () => (tooLarge && chosenPeriod ? securityBody(cusip, chosenPeriod) : null),
      [tooLarge, cusip, chosenPeriod],
    ),
  );
  const { pull, cancel, retry } = tooLarge && chosenPeriod ? narrowed : whole;
  const rows = pull.state === 'done' ? pull.rows : null;
  // The planted data-quality filer is no manager: left out of who holds it (see demo-filers.ts).
  const positions = useMemo(
    () => toPositions(rows ?? []).filter((position) => !isDataQualityDemo(position.filer)),
    [rows],
  );
  const quarters = useMemo(() => securityByQuarter(positions, cusip), [positions, cusip]);
  const held = quarters.filter((quarter) => quarter.holders > 0);
  const period = shownQuarter(held, chosenPeriod, opening);
  const shares = positions.find((position) => position.security === cusip);
  const name = shares ? `${shares.ticker ? `${shares.ticker} · ` : ''}${shares.issuer}` : cusip;
  return { pull, cancel, retry, positions, quarters, held, period, name, tooLarge };
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
 * Every row of the CUSIP is fetched through the ordinary query interface and aggregated here.
 */
export function SecurityView({
  cusip,
  period: chosenPeriod,
  onPeriodChange,
  actions,
}: {
  cusip: string;
  /** The page's actions on the view (save, copy link), beside its title. */
  actions?: ReactNode;
  /** The quarter shown; undefined: the latest with holders up to the latest complete one. */
  period: string | undefined;
  onPeriodChange: (period: string) => void;
}) {
  const { opening, coverage } = useOpeningQuarter();
  const { pull, cancel, retry, positions, quarters, held, period, name, tooLarge } =
    useSecurityQuarters(cusip, chosenPeriod, opening);

  if (pull.state !== 'done') {
    return (
      <PullStatus
        pull={pull}
        what={`every filing of CUSIP ${cusip}${tooLarge && chosenPeriod ? ` in ${formatDay(chosenPeriod)} and the quarter before` : ''}`}
        onCancel={cancel}
        onRetry={retry}
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
        subtitle={
          <>
            CUSIP {cusip} ·{' '}
            {tooLarge
              ? 'its filings of one quarter and the one before (the whole history is too large to read)'
              : 'every filing of it'}
            : {fetchedSentence(pull)}, {quarters.length}{' '}
            {quarters.length === 1 ? 'quarter' : 'quarters'}
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
      <CoverageNote coverage={coverage.coverageOf(period)} />
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
      <SecurityTrends name={name} quarters={quarters} chosen={period} />
    </Stack>
  );
}
