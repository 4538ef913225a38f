import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QueryBody } from '#contract/query';
import type { ServiceRecord } from '#contract/response';
import { formatDay } from '../../lib/format/dates.ts';
import { safeHref } from '../../lib/format/safe-url.ts';
import { sectionRowsOptions } from './api/account-queries.ts';
import { isAbout } from './account-bodies.ts';
import { AccountSection } from './account-section.tsx';
import { cellText, stateOf } from './account-rows.ts';

const SHOWN = 10;

function createdDay(row: ServiceRecord): string {
  const text = typeof row.createddate === 'string' ? row.createddate : '';
  return text.slice(0, 10);
}

function PresentationName({ row }: { row: ServiceRecord }) {
  const name = cellText(row.name);
  const href = safeHref(row.url);
  if (href === undefined) return <>{name}</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {name}
    </Anchor>
  );
}

/**
 * Presentations: they carry no account, so they are matched by name (`subjects`: the account's
 * and its strategy's), and the section says so.
 */
export function PresentationsSection({
  body,
  subjects,
  waiting = false,
}: {
  body: QueryBody | undefined;
  subjects: readonly string[];
  /** Still finding the account's name, without which nothing can be matched. */
  waiting?: boolean;
}) {
  const query = useQuery(sectionRowsOptions('presentations', body ?? null));
  const rows = (query.data?.rows ?? []).filter((row) => isAbout(row.name, subjects));
  const how =
    subjects.length === 0
      ? 'Presentations carry no account: without a name for this account, none can be matched.'
      : `Presentations carry no account: these are the ones whose names start with ${subjects
          .map((subject) => `“${subject}”`)
          .join(' or ')}.`;
  const state = waiting
    ? ({ kind: 'loading' } as const)
    : body === undefined
      ? ({ kind: 'empty', message: 'No presentation can be matched.' } as const)
      : stateOf(
          query,
          (data) => data.rows.filter((row) => isAbout(row.name, subjects)).length,
          'No presentation names this account or its strategy.',
        );
  return (
    <AccountSection
      title="Presentations"
      state={state}
      note={how}
      query={body ? { module: 'manager_presentation__c', body } : undefined}
    >
      <Table verticalSpacing={4} fz="sm" aria-label="Presentations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th>Presentation</Table.Th>
            <Table.Th>Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, SHOWN).map((row, at) => (
            <Table.Tr key={`${String(row.name)}-${String(at)}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(createdDay(row))}</Table.Td>
              <Table.Td>
                <PresentationName row={row} />
              </Table.Td>
              <Table.Td>{cellText(row.manager_presentation_type__c, '')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length > SHOWN && (
        <Text size="xs" c="dimmed">
          The {SHOWN} latest of {rows.length}.
        </Text>
      )}
    </AccountSection>
  );
}
