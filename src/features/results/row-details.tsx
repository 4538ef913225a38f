import {
  Alert,
  Anchor,
  Code,
  CopyButton,
  Drawer,
  Group,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { ServiceRecord } from '#contract/response';
import { isAccountIdField } from '../../lib/api/account-names.ts';
import { AccountNameLine } from './account-names.tsx';
import type { CellFormatter } from './format.ts';
import type { ResultColumn } from './result-column.ts';
import { safeHref } from '../../lib/format/safe-url.ts';

/** A value as sent, as text: what "Copy" puts on the clipboard. */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The row's data-quality flags, one sentence each. */
function FlagsAlert({ notes }: { notes: readonly string[] }) {
  return (
    <Alert color="orange" title="Data-quality flags">
      <Stack gap={4}>
        {notes.map((note) => (
          <Text key={note} size="sm">
            {note}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** One field: its label and wire name, a copy button, and its value formatted (raw beside it). */
function FieldDetail({
  id,
  value,
  row,
  column,
  format,
}: {
  id: string;
  value: unknown;
  row: ServiceRecord;
  column: ResultColumn | undefined;
  format: CellFormatter;
}) {
  const view = format(value, column?.field, row);
  const href = column?.field?.kind === 'url' ? safeHref(value) : undefined;
  const label = column?.label ?? id;
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {label} <Code>{id}</Code>
        </Text>
        <CopyButton value={rawText(value)}>
          {({ copied, copy }) => (
            <UnstyledButton onClick={copy} fz="xs" c="blue.8" aria-label={`Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </UnstyledButton>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer">
            {view.text}
          </Anchor>
        ) : (
          view.text
        )}
        {view.raw !== undefined && view.raw !== view.text && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({view.raw})
          </Text>
        )}
      </Text>
      {isAccountIdField(column?.field) && typeof value === 'string' && (
        <Text size="sm">
          <AccountNameLine id={value} />
        </Text>
      )}
    </Stack>
  );
}

/** Every field of one row, formatted and raw, each with a copy button. */
export function RowDetails({
  row,
  columns,
  format,
  notes,
  actions,
  onClose,
}: {
  row: ServiceRecord | undefined;
  columns: readonly ResultColumn[];
  format: CellFormatter;
  /** Data-quality flags on this row. */
  notes?: readonly string[] | undefined;
  /** What the workspace offers for this row (related queries). */
  actions?: ReactNode;
  onClose: () => void;
}) {
  const byId = new Map(columns.map((column) => [column.id, column]));
  return (
    <Drawer
      opened={row !== undefined}
      onClose={onClose}
      position="right"
      title="Row details"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close row details' }}
    >
      <Stack gap="sm">
        {notes && notes.length > 0 && <FlagsAlert notes={notes} />}
        {actions}
        {row &&
          Object.entries(row).map(([id, value]) => (
            <FieldDetail
              key={id}
              id={id}
              value={value}
              row={row}
              column={byId.get(id)}
              format={format}
            />
          ))}
      </Stack>
    </Drawer>
  );
}
