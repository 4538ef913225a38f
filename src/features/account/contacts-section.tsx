import { Badge, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QueryBody } from '#contract/query';
import type { ServiceRecord } from '#contract/response';
import { formatDay } from '../../lib/format/dates.ts';
import { sectionRowsOptions } from './api/account-queries.ts';
import { AccountSection } from './account-section.tsx';
import { cellText, contactsOf, day, moveOf, stateOf } from './account-rows.ts';
import type { Contact } from './account-rows.ts';

const SHOWN_MOVES = 10;

function Contacts({ contacts }: { contacts: readonly Contact[] }) {
  return (
    <Table verticalSpacing={4} fz="sm" aria-label="Contacts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Contact</Table.Th>
          <Table.Th>Last update</Table.Th>
          <Table.Th>Last move</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {contacts.map((contact) => (
          <Table.Tr key={contact.name}>
            <Table.Td>{contact.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(contact.lastUpdated)}</Table.Td>
            <Table.Td>
              {contact.lastMove
                ? `${contact.lastMove.kind}, ${formatDay(contact.lastMove.on)}`
                : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Moves({ rows }: { rows: readonly ServiceRecord[] }) {
  const moves = rows.filter((row) => moveOf(row) !== null);
  if (moves.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No job or role change among its contacts on record.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} fz="sm" aria-label="Job and role changes">
      <Table.Tbody>
        {moves.slice(0, SHOWN_MOVES).map((row, at) => (
          <Table.Tr key={typeof row.sfid === 'string' ? row.sfid : at}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(day(row))}</Table.Td>
            <Table.Td>{cellText(row.contact_name__c)}</Table.Td>
            <Table.Td>
              <Badge
                size="sm"
                variant="light"
                color={moveOf(row) === 'Job change' ? 'grape' : 'blue'}
              >
                {moveOf(row)}
              </Badge>
            </Table.Td>
            <Table.Td>{typeof row.field_name__c === 'string' ? row.field_name__c : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Contacts' updates: who the contacts are, and their job and role changes, newest first. */
export function ContactsSection({ body }: { body: QueryBody | undefined }) {
  const query = useQuery(sectionRowsOptions('updates', body ?? null));
  const rows = query.data?.rows ?? [];
  const contacts = contactsOf(rows);
  const state = stateOf(
    query,
    (data) => data.rows.length,
    'No update of a contact at this account on record, so no contact is known.',
    (data) => (data.capped ? `${String(data.rows.length)}+` : undefined),
  );
  return (
    <AccountSection
      title="Contacts’ updates"
      state={state}
      query={body ? { module: 'updates', body } : undefined}
      note={
        rows.length > 0
          ? `${String(contacts.length)} contacts, known through their ${String(rows.length)} updates.`
          : undefined
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Title order={3} size="h6" mb={4}>
            Contacts
          </Title>
          <Contacts contacts={contacts} />
        </div>
        <div>
          <Title order={3} size="h6" mb={4}>
            Job and role changes
          </Title>
          <Moves rows={rows} />
        </div>
      </SimpleGrid>
    </AccountSection>
  );
}
