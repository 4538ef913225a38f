import { Group, Progress, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QueryBody } from '#contract/query';
import type { ServiceRecord } from '#contract/response';
import { formatUsd, formatUsdCompact } from '../../components/charts/chart-format.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { sectionRowsOptions } from './api/account-queries.ts';
import { AccountSection } from './account-section.tsx';
import { assetClassBalance, balanceOf, cellText, stateOf } from './account-rows.ts';

const SHOWN = 8;

function Balance({ rows }: { rows: readonly ServiceRecord[] }) {
  const classes = assetClassBalance(rows);
  const total = classes.reduce((sum, entry) => sum + entry.balance, 0);
  return (
    <Table verticalSpacing={4} fz="sm" aria-label="Balance by asset class">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Asset class</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
          <Table.Th w="35%">Share</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {classes.map((entry) => {
          const share = total > 0 ? (entry.balance / total) * 100 : 0;
          return (
            <Table.Tr key={entry.assetClass}>
              <Table.Td>
                {entry.assetClass}{' '}
                <Text span size="xs" c="dimmed">
                  ({entry.positions})
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatUsdCompact(entry.balance)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Progress value={share} flex={1} aria-hidden="true" />
                  <Text size="xs" w={36} ta="right">
                    {share.toFixed(0)}%
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function Positions({ rows }: { rows: readonly ServiceRecord[] }) {
  const largest = [...rows].sort((a, b) => balanceOf(b) - balanceOf(a)).slice(0, SHOWN);
  return (
    <Table verticalSpacing={4} fz="sm" aria-label="Largest positions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Holding</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
          <Table.Th>Acquired</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {largest.map((row, at) => (
          <Table.Tr key={typeof row.sfid === 'string' ? row.sfid : at}>
            <Table.Td>{cellText(row.name)}</Table.Td>
            <Table.Td ta="right" title={formatUsd(balanceOf(row))}>
              {formatUsdCompact(balanceOf(row))}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {typeof row.date_acquired__c === 'string' ? formatDay(row.date_acquired__c) : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Investment holdings: the largest positions and the balance by asset class. */
export function HoldingsSection({ body }: { body: QueryBody | undefined }) {
  const query = useQuery(sectionRowsOptions('holdings', body ?? null));
  const rows = query.data?.rows ?? [];
  const state = stateOf(
    query,
    (data) => data.rows.length,
    'The account holds no fund positions on record.',
    (data) => (data.capped ? `${String(data.rows.length)}+` : undefined),
  );
  const total = rows.reduce((sum, row) => sum + balanceOf(row), 0);
  return (
    <AccountSection
      title="Investment holdings"
      state={state}
      query={body ? { module: 'investment_holdings', body } : undefined}
      note={
        rows.length > 0
          ? `${formatUsd(total)} in ${String(rows.length)} fund positions.`
          : undefined
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Positions rows={rows} />
        <Balance rows={rows} />
      </SimpleGrid>
    </AccountSection>
  );
}
