import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { findField } from '#contract/catalog';
import type { QueryBody } from '#contract/query';
import { formatUsd } from '../../components/charts/chart-format.ts';
import { formatDay } from '../../lib/format/dates.ts';
import { sectionRowsOptions } from './api/account-queries.ts';
import { AccountSection } from './account-section.tsx';
import { cellText, readableChanges, stateOf } from './account-rows.ts';

/** The field changes shown; the rest are one click away as a query. */
const SHOWN = 12;

const FIELD_LABELS = findField('accounthistory', 'field')?.valueLabels ?? {};

function fieldLabel(field: unknown): string {
  const name = typeof field === 'string' ? field : '';
  return FIELD_LABELS[name] ?? name;
}

/** A value as the analyst reads it: currency as dollars, a blank as "(blank)". */
function valueText(value: unknown, datatype: unknown): string {
  const text = cellText(value, '');
  if (text === '') return '(blank)';
  if (datatype === 'Currency' && /^-?\d+(\.\d+)?$/.test(text)) return formatUsd(Number(text));
  return text;
}

/** Account history: field changes old → new, newest first. */
export function HistorySection({ body }: { body: QueryBody | undefined }) {
  const query = useQuery(sectionRowsOptions('history', body ?? null));
  const changes = query.data ? readableChanges(query.data.rows) : [];
  const state = stateOf(
    query,
    (data) => readableChanges(data.rows).length,
    'No field of this account has changed in the history on record.',
    (data) => (data.capped ? `${String(data.rows.length)}+` : undefined),
  );
  return (
    <AccountSection
      title="Account history"
      state={state}
      query={body ? { module: 'accounthistory', body } : undefined}
    >
      <Table striped withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Changed on</Table.Th>
            <Table.Th>Field</Table.Th>
            <Table.Th>Old → new</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.slice(0, SHOWN).map((row, at) => (
            <Table.Tr key={`${String(row.createddate)}-${String(row.field)}-${String(at)}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDay(cellText(row.createddate, ''))}
              </Table.Td>
              <Table.Td>{fieldLabel(row.field)}</Table.Td>
              <Table.Td>
                <Text span c="dimmed" size="sm">
                  {valueText(row.oldvalue, row.datatype)}
                </Text>{' '}
                → {valueText(row.newvalue, row.datatype)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {changes.length > SHOWN && (
        <Text size="xs" c="dimmed">
          The {SHOWN} latest of {changes.length} changes: open as a query for all of them.
        </Text>
      )}
    </AccountSection>
  );
}
