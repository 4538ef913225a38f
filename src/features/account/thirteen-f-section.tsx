import {
  Anchor,
  Badge,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  formatChange,
  formatCount,
  formatUsd,
  formatUsdCompact,
} from '../../components/charts/chart-format.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { ANALYSIS_LINK_VERSION } from '../../lib/url-state/analysis-links.ts';
import { filerPortfolioBody } from '../../lib/url-state/thirteen-f-targets.ts';
import type { FilerMatch } from './api/account-reads.ts';
import { filerQuartersOptions, quarterChangesOptions } from './api/account-queries.ts';
import { CHANGE_KINDS } from './api/thirteen-f-reads.ts';
import type {
  ChangeKind,
  FilerQuarter,
  FilerQuarters,
  PositionChange,
} from './api/thirteen-f-reads.ts';
import { AccountSection, OpenAsQuery } from './account-section.tsx';
import { stateOf } from './account-rows.ts';
import type { SectionState } from './account-section.tsx';

const CHANGE_LABELS: Readonly<Record<ChangeKind, string>> = {
  NEW: 'New',
  ADDED: 'Added',
  REDUCED: 'Reduced',
  'SOLD OUT': 'Sold out',
};

/** The largest changes shown per kind. */
const TOP = 3;

function changesLine(quarter: FilerQuarter): string {
  return CHANGE_KINDS.map(
    (kind) => `${String(quarter.changes[kind])} ${CHANGE_LABELS[kind].toLowerCase()}`,
  ).join(', ');
}

function ChangeList({ kind, changes }: { kind: ChangeKind; changes: readonly PositionChange[] }) {
  const mine = changes.filter((change) => change.status === kind);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {CHANGE_LABELS[kind]} ({mine.length})
      </Text>
      {mine.length === 0 && (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      {mine.slice(0, TOP).map((change) => (
        <Text size="sm" key={change.cusip ?? change.issuer}>
          {change.ticker ?? change.issuer}{' '}
          <Text span size="sm" c="dimmed">
            {kind === 'SOLD OUT'
              ? 'all shares'
              : `${formatUsdCompact(change.value)}${
                  kind === 'NEW' ? '' : ` · ${formatChange(change.change)} shares`
                }`}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** The largest changes of `filer`'s quarter: new, added, reduced, sold out. */
function QuarterChanges({ filer, quarter }: { filer: string; quarter: FilerQuarter }) {
  const query = useQuery(quarterChangesOptions(filer, quarter.period));
  if (query.error) {
    return (
      <Text size="sm" c="red.8">
        The quarter’s changes could not be read.
      </Text>
    );
  }
  if (!query.data)
    return (
      <Text size="sm" c="dimmed">
        Reading the quarter’s changes…
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-label="Largest changes">
      {CHANGE_KINDS.map((kind) => (
        <ChangeList key={kind} kind={kind} changes={query.data} />
      ))}
    </SimpleGrid>
  );
}

function QuarterTable({
  quarters,
  shown,
  onShow,
}: {
  quarters: readonly FilerQuarter[];
  shown: string;
  onShow: (period: string) => void;
}) {
  return (
    <Table verticalSpacing={3} fz="sm" striped withRowBorders={false} aria-label="Quarters filed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Quarter</Table.Th>
          <Table.Th>Filed</Table.Th>
          <Table.Th ta="right">Value</Table.Th>
          <Table.Th ta="right">Positions</Table.Th>
          <Table.Th>New, added, reduced, sold out</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quarters.map((quarter) => (
          <Table.Tr key={quarter.period} bg={quarter.period === shown ? 'blue.0' : undefined}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <UnstyledButton
                onClick={() => {
                  onShow(quarter.period);
                }}
                aria-pressed={quarter.period === shown}
                aria-label={`Show the changes of ${formatDay(quarter.period)}`}
                fz="sm"
                c="blue.8"
              >
                {formatDay(quarter.period)}
              </UnstyledButton>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {quarter.filedAt ? formatDay(quarter.filedAt.slice(0, 10)) : '—'}
            </Table.Td>
            <Table.Td ta="right" title={formatUsd(quarter.value)}>
              {formatUsdCompact(quarter.value)}
            </Table.Td>
            <Table.Td ta="right">{formatCount(quarter.positions)}</Table.Td>
            <Table.Td>{CHANGE_KINDS.map((kind) => quarter.changes[kind]).join(' · ')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The filer's views: its portfolio, its holdings changes, a comparison. */
function FilerLinks({ filer, period }: { filer: string; period: string }) {
  const body = filerPortfolioBody({ name: filer, latestPeriod: period });
  return (
    <Group gap="md">
      <OpenAsQuery title={filer} query={{ module: '13f_holdings', body, label: 'Portfolio' }} />
      <OpenAsQuery
        title={filer}
        query={{
          module: '13f_holdings',
          body,
          label: 'Holdings changes',
          view: { mode: 'chart', chart: { tab: 'changes' } },
        }}
      />
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/compare" search={{ v: ANALYSIS_LINK_VERSION, a: filer }} {...props} />
        )}
      >
        Compare with another manager
      </Anchor>
    </Group>
  );
}

function sectionState(query: Parameters<typeof stateOf<FilerQuarters>>[0]): SectionState {
  return stateOf(
    query,
    (data) => data.quarters.length,
    'The matched filer has no 13F filing in the data.',
  );
}

/**
 * 13F filings of the filer the account is matched to: the shown quarter (the latest unless the
 * URL names one) with its value, positions and largest changes, then every quarter compactly.
 */
export function ThirteenFSection({
  match,
  period,
  onPeriod,
}: {
  match: FilerMatch;
  period: string | undefined;
  onPeriod: (period: string) => void;
}) {
  const query = useQuery(filerQuartersOptions(match.filer));
  const quarters = query.data?.quarters ?? [];
  const shown = quarters.find((quarter) => quarter.period === period) ?? quarters[0];
  return (
    <AccountSection
      title="13F filings"
      state={sectionState(query)}
      note={`Matched through the 13F rows’ account: filed as ${match.filer}${
        match.strategyName ? `, strategy ${match.strategyName}` : ''
      }.${
        query.data?.olderUnread
          ? ' Older quarters were not read: the filer has more 13F rows than are read at once.'
          : ''
      }`}
      query={{
        module: '13f_holdings',
        body: filerPortfolioBody({
          name: match.filer,
          latestPeriod: shown?.period ?? match.latestPeriod,
        }),
      }}
    >
      {shown && (
        <Stack gap="sm">
          <Group gap="xs" align="baseline">
            <Badge variant="light">Quarter ended {formatDay(shown.period)}</Badge>
            <Text size="sm">
              <strong>{formatUsd(shown.value)}</strong> in{' '}
              <strong>{formatCount(shown.positions)}</strong> positions · {changesLine(shown)}
              {shown.filedAt ? ` · filed ${formatDay(shown.filedAt.slice(0, 10))}` : ''}
            </Text>
          </Group>
          <QuarterChanges filer={match.filer} quarter={shown} />
          <FilerLinks filer={match.filer} period={shown.period} />
          <QuarterTable quarters={quarters} shown={shown.period} onShow={onPeriod} />
        </Stack>
      )}
    </AccountSection>
  );
}
