import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useFollows } from '../../lib/follows/use-follows.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { ContactMovesSection, FieldChangesSection, PresentationsSection } from './crm-sections.tsx';
import type { FeedScope } from './feed-query.ts';
import { accountScope, feedNarrowing } from './feed-format.ts';
import { FilingsSection } from './filings-section.tsx';
import { fetchFilerAccounts } from './filings.ts';
import { WINDOW_LABELS, WINDOWS, windowStart } from './home-window.ts';
import type { FeedWindow } from './home-window.ts';
import { useLastVisit } from './last-visit.ts';
import { SecuritiesSection } from './securities-section.tsx';

/** Where no complete quarter is known: the latest in the data. */
const noCompleteQuarter = (): null => null;

/**
 * The keys followed of each kind, in the order followed; and the followed filers' accounts the
 * follows kept (`known`), and the filers whose account is to be looked up (`unmatched`).
 */
function useFollowed() {
  const all = useFollows();
  return useMemo(() => {
    const of = (kind: string) => all.filter((f) => f.kind === kind).map((f) => f.key);
    const filers = all.filter((f) => f.kind === 'filer');
    return {
      filers: of('filer'),
      accounts: of('account'),
      securities: of('security'),
      known: filers.flatMap((f) => (f.accountId === undefined ? [] : [f.accountId])),
      unmatched: filers.filter((f) => f.accountId === undefined).map((f) => f.key),
    };
  }, [all]);
}

/**
 * The feed after sign-in: what changed in the window, section by section, each read on its own
 * so they arrive (and fail) apart. Follows narrow it; with nothing followed it covers everything.
 */
export function HomeFeed({
  since,
  onSinceChange,
  now = () => new Date(),
  useCompleteQuarter = noCompleteQuarter,
}: {
  since: FeedWindow;
  onSinceChange: (next: FeedWindow) => void;
  now?: () => Date;
  /**
   * The latest complete 13F quarter (undefined while unknown; null: none known, then the latest
   * in the data): the 13F feature's, which the app passes in (features do not import each
   * other). A quarter only a few managers filed yet would show their moves as everyone's.
   */
  useCompleteQuarter?: (wanted: boolean) => string | null | undefined;
}) {
  const visit = useLastVisit(now);
  const [today] = useState(now);
  const start = windowStart(since, today, visit.since);
  const followed = useFollowed();
  // The CRM sections narrow to the followed filers' accounts too: kept with the follow where the
  // star knew it, else looked up (13F rows carry them).
  const filerAccounts = useQuery({
    queryKey: ['home', 'filer-accounts', followed.unmatched],
    queryFn: ({ signal }) => fetchFilerAccounts(followed.unmatched, signal),
    enabled: followed.unmatched.length > 0,
    staleTime: 10 * 60_000,
  });
  const accounts = [
    ...new Set([...followed.accounts, ...followed.known, ...(filerAccounts.data ?? [])]),
  ];
  const scope: FeedScope = {
    start,
    filers: followed.filers,
    securities: followed.securities,
    accounts,
  };
  const followedAnything = followed.filers.length + followed.accounts.length > 0;
  const crmReady = followed.unmatched.length === 0 || !filerAccounts.isPending;
  const note = crmReady
    ? accountScope(scope, followedAnything, filerAccounts.isError)
    : 'Finding the followed managers’ accounts…';
  // What follows do narrow: the CRM sections only with accounts to narrow to (while they are
  // being found, they will be).
  const narrowing = feedNarrowing({
    filings: followed.filers.length > 0,
    accounts: accounts.length > 0 || !crmReady,
    securities: followed.securities.length > 0,
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            What changed
          </Title>
          <Text size="sm" c="dimmed">
            Since {formatDay(start)}
            {since === 'last' && visit.first ? ' (your first visit: the last 7 days)' : ''}.{' '}
            {narrowing}
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Window"
          value={since}
          onChange={(next) => {
            onSinceChange(WINDOWS.find((value) => value === next) ?? 'last');
          }}
          data={WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value] }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FilingsSection scope={scope} />
        <ContactMovesSection scope={scope} note={note} ready={crmReady} />
        <FieldChangesSection scope={scope} note={note} ready={crmReady} />
        <PresentationsSection scope={scope} />
        <SecuritiesSection
          securities={followed.securities}
          useCompleteQuarter={useCompleteQuarter}
        />
      </SimpleGrid>
    </Stack>
  );
}
