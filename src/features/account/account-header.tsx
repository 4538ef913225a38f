import { Badge, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FollowStar } from '../../components/follow-star.tsx';
import { CopyTextButton } from '../../components/copy-text-button.tsx';
import { formatUsd } from '../../components/charts/chart-format.ts';
import type { FilerMatch } from './api/account-reads.ts';

/** What the header says about the account, from its history and its 13F match. */
export interface AccountFacts {
  readonly name: string | undefined;
  readonly fields: ReadonlyMap<string, string>;
  readonly filers: readonly FilerMatch[];
  /** The history or the 13F match failed: a missing name may be unread, not unrecorded. */
  readonly unread?: boolean;
}

function Fact({ label, value }: { label: string; value: string | undefined }) {
  if (value === undefined) return null;
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

function aum(value: string | undefined): string | undefined {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value)) return value;
  return formatUsd(Number(value));
}

/** The page's heading: name, ID (copyable), the facts the modules carry, and a follow star. */
export function AccountHeader({ id, facts }: { id: string; facts: AccountFacts | undefined }) {
  const name = facts?.name;
  const { fields } = facts ?? { fields: new Map<string, string>() };
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        {facts === undefined ? (
          <Skeleton height={28} width={320} aria-label="Reading the account’s name" />
        ) : (
          <Title order={1} size="h2" tabIndex={-1}>
            {name ?? `Account ${id}`}
          </Title>
        )}
        <FollowStar kind="account" followKey={id} label={name ?? id} size="md" />
      </Group>
      <Group gap="md">
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Account ID
          </Text>
          <Code>{id}</Code>
          <CopyTextButton value={id} label="Copy ID" copiedLabel="ID copied" />
        </Group>
        {facts?.filers.map((filer) => (
          <Badge key={filer.filer} variant="light" color="teal">
            13F filer: {filer.filer}
          </Badge>
        ))}
      </Group>
      <Group gap="lg">
        <Fact label="Type" value={fields.get('Type')} />
        <Fact label="AUM" value={aum(fields.get('AUM__c'))} />
        <Fact label="City" value={fields.get('BillingCity')} />
        <Fact label="Industry" value={fields.get('Industry')} />
        <Fact label="Rating" value={fields.get('Rating')} />
        <Fact label="Owner" value={fields.get('Owner')} />
      </Group>
      {name === undefined && facts !== undefined && (
        <Text size="sm" c="dimmed">
          {facts.unread
            ? 'Name not read: the account history or the 13F match failed (see their sections).'
            : 'Name not on record: neither the account history nor the 13F rows name this account.'}
        </Text>
      )}
    </Stack>
  );
}
