import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { resolveAccountNames } from '../../lib/api/account-names.ts';
import type { FilerMatch } from './api/account-reads.ts';
import { filerMatchesOptions, sectionRowsOptions } from './api/account-queries.ts';
import { presentationSubjects, sectionBodies } from './account-bodies.ts';
import { AccountHeader } from './account-header.tsx';
import { currentFields } from './account-rows.ts';
import type { AccountFacts } from './account-header.tsx';
import { ContactsSection } from './contacts-section.tsx';
import { HistorySection } from './history-section.tsx';
import { HoldingsSection } from './holdings-section.tsx';
import { PresentationsSection } from './presentations-section.tsx';
import { ThirteenFSection } from './thirteen-f-section.tsx';
import { AccountSection } from './account-section.tsx';

/** A Salesforce record ID: 15 or 18 letters and digits. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

/** A bad or unknown ID: said plainly, with the way back. */
export function NoSuchAccount({ id, reason }: { id: string; reason: 'malformed' | 'unknown' }) {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1} size="h2" tabIndex={-1}>
        No such account
      </Title>
      <Text>
        {reason === 'malformed'
          ? `“${id}” is not an account ID: an account ID is 15 or 18 letters and digits.`
          : `No module knows an account with the ID ${id}: no history, holdings, contact updates or 13F filings.`}
      </Text>
      <Text>
        Find an account with the search box at the top, or from an account ID in a{' '}
        <Anchor renderRoot={(props) => <Link to="/" {...props} />}>module’s results</Anchor>.
      </Text>
    </Stack>
  );
}

function nameOf(
  id: string,
  history: readonly Record<string, unknown>[],
  filers: readonly FilerMatch[],
) {
  const fromFilings = filers.map((filer) => ({
    service_account_id: id,
    service_account_name: filer.accountName,
  }));
  return resolveAccountNames(history, fromFilings).get(id);
}

/**
 * One account across the modules (`/account/<id>?period=…`): its 13F filings through the filer
 * match, investment holdings, account history, contacts' updates and presentations, each section
 * loading, failing and counting on its own.
 */
export function AccountPage({
  id,
  period,
  onPeriod,
}: {
  id: string;
  period: string | undefined;
  onPeriod: (period: string) => void;
}) {
  const filers = useQuery(filerMatchesOptions(id));
  const matched = typeof filers.data === 'object' ? filers.data : undefined;
  const matches = matched?.filers ?? [];
  const first = sectionBodies({ accountId: id, accountName: null, strategyName: null });
  const history = useQuery(sectionRowsOptions('history', first.accounthistory ?? null));
  const holdings = useQuery(sectionRowsOptions('holdings', first.investment_holdings ?? null));
  const updates = useQuery(sectionRowsOptions('updates', first.updates ?? null));
  // Both reads finished, answered or failed: the name comes from whichever answered, so a 403
  // on the history or a 500 on the 13F match does not leave the title reading forever.
  const settled = !filers.isPending && !history.isPending;
  const historyRows = history.data?.rows ?? [];
  const facts: AccountFacts | undefined = settled
    ? {
        name: nameOf(id, historyRows, matches),
        fields: currentFields(historyRows),
        filers: matches,
        unread: Boolean(filers.error ?? history.error),
      }
    : undefined;
  const unknown =
    settled &&
    matches.length === 0 &&
    history.data?.rows.length === 0 &&
    holdings.data?.rows.length === 0 &&
    updates.data?.rows.length === 0;
  if (unknown) return <NoSuchAccount id={id} reason="unknown" />;
  const account = {
    accountId: id,
    accountName: facts?.name ?? null,
    strategyName: matches[0]?.strategyName ?? null,
  };
  const bodies = sectionBodies(account);
  return (
    <Stack gap="md">
      <AccountHeader id={id} facts={facts} />
      {filers.data === 'forbidden' && (
        <Alert color="gray" title="13F filings">
          Your account does not include 13F holdings, so its filings are not shown.
        </Alert>
      )}
      {filers.data !== 'forbidden' && matches.length === 0 && (
        <AccountSection
          title="13F filings"
          state={
            filers.error
              ? { kind: 'error', error: filers.error, retry: () => void filers.refetch() }
              : filers.data === undefined
                ? { kind: 'loading' }
                : { kind: 'empty', message: 'No 13F filer is matched to this account.' }
          }
        />
      )}
      {matched?.bounded && (
        <Alert color="gray" title="13F filings">
          More 13F filers are matched to this account than are shown: the first {matches.length},
          latest filing first.
        </Alert>
      )}
      {matches.map((match) => (
        <ThirteenFSection key={match.filer} match={match} period={period} onPeriod={onPeriod} />
      ))}
      <ContactsSection body={bodies.updates} />
      <HoldingsSection body={bodies.investment_holdings} />
      <HistorySection body={bodies.accounthistory} />
      <PresentationsSection
        body={facts ? bodies.manager_presentation__c : undefined}
        subjects={facts ? presentationSubjects(account) : []}
        waiting={facts === undefined}
      />
    </Stack>
  );
}
