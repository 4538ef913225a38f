import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import type { CSSProperties } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_ID_FIELDS } from '#contract/relations';
import { accountNameOptions } from './api/account-name.ts';
import { BuilderContext, builderContextOf, createFocusRequest } from './builder-context.ts';
import { ConditionRow } from './condition-row.tsx';
import type { ConditionNode } from './model.ts';
import { rowActions } from './row-actions.ts';
import { queryChips } from './summary.ts';
import type { QueryChip } from './summary.ts';
import type { QueryBuilderModel } from './use-query-builder.ts';

/**
 * An opened chip takes the focus on its row, not on a control in it: the field picker and a
 * date's editor open their lists on focus, and a calendar would cover the row's Done button.
 * Tab then reaches the row's controls in order.
 */
function focusRow(row: HTMLDivElement | null): void {
  row?.focus();
}

/** Light chips with text dark enough on their hover shade too (WCAG AA at 14 px). */
function chipColours(invalid: boolean): CSSProperties {
  const hue = invalid ? 'red' : 'blue';
  return {
    '--button-color': `var(--mantine-color-${hue}-9)`,
    '--button-hover': `var(--mantine-color-${hue}-1)`,
    '--ai-color': `var(--mantine-color-${hue}-9)`,
    '--ai-hover': `var(--mantine-color-${hue}-1)`,
  };
}

/**
 * The account a condition names by id (`account__c is 001…`), by its name when the service
 * knows it: an analyst reads "Account: Berkshire Hathaway Inc.", the id stays in the tooltip.
 */
function useAccountName(node: ConditionNode): { name: string } | undefined {
  const accountId =
    node.operator === '$equals' &&
    ACCOUNT_ID_FIELDS.has(node.field) &&
    node.value.kind === 'scalar' &&
    typeof node.value.value === 'string' &&
    node.value.value !== ''
      ? node.value.value
      : null;
  const name = useQuery(accountNameOptions(accountId)).data;
  return typeof name === 'string' ? { name } : undefined;
}

/** A condition's chip: its words open the condition's own row in place; × removes it. */
function ConditionChip({
  builder,
  node,
  chip,
  invalid,
}: {
  builder: QueryBuilderModel;
  node: ConditionNode;
  chip: Extract<QueryChip, { index: number }>;
  invalid: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };
  const path = [chip.index];
  const actions = rowActions({
    tree: builder.tree,
    node,
    path,
    count: builder.state.filter?.length ?? 0,
    number: String(chip.index + 1),
    leave: close,
  });
  const account = useAccountName(node);
  const text = account ? `Account: ${account.name}` : chip.text;
  return (
    <Group gap={0} wrap="nowrap" role="listitem">
      <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" returnFocus>
        <Popover.Target>
          <Button
            size="compact-sm"
            radius="xl"
            variant="light"
            color={invalid ? 'red' : 'blue'}
            style={chipColours(invalid)}
            styles={{ root: { borderTopRightRadius: 0, borderBottomRightRadius: 0 } }}
            aria-label={`Edit condition ${String(chip.index + 1)}: ${text}`}
            aria-expanded={open}
            title={account ? `${chip.text} (the account's id)` : undefined}
            onClick={() => {
              setOpen((was) => !was);
            }}
          >
            {text}
          </Button>
        </Popover.Target>
        <Popover.Dropdown miw={560}>
          <Stack gap="xs" ref={focusRow} tabIndex={-1} style={{ outline: 'none' }}>
            <ConditionRow node={node} path={path} actions={actions} />
            {/* On the left: a date's calendar opens below the value, on the right. */}
            <Group justify="flex-start">
              <Button size="xs" variant="default" onClick={close}>
                Done
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <ActionIcon
        size={26}
        radius="xl"
        variant="light"
        color={invalid ? 'red' : 'blue'}
        style={{ ...chipColours(invalid), borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
        aria-label={`Remove condition ${String(chip.index + 1)}: ${text}`}
        onClick={actions.remove}
      >
        <Text size="xs" aria-hidden>
          ✕
        </Text>
      </ActionIcon>
    </Group>
  );
}

/**
 * The query collapsed to chips, as Metabase shows a question's filters: each top-level condition
 * edits in place from its chip and is removed with its ×; a group, a condition kept as written
 * and the output options open the full builder (`onEdit`).
 */
export function QueryChips({
  builder,
  onEdit,
}: {
  builder: QueryBuilderModel;
  onEdit: () => void;
}) {
  const chips = queryChips(builder.state);
  const { problemsByPath } = builder;
  // The chips add no rows, so nothing here ever asks for the focus.
  const [focus] = useState(createFocusRequest);
  const invalidAt = (index: number) =>
    [...problemsByPath.keys()].some(
      (path) => path === `filter.${String(index)}` || path.startsWith(`filter.${String(index)}.`),
    );
  return (
    <BuilderContext value={builderContextOf(builder, false, focus)}>
      <Group gap={6} role="list" aria-label="Query conditions and options">
        {!chips.some((chip) => chip.kind !== 'output') && (
          <Text size="sm" c="dimmed" role="listitem">
            No conditions: every record
          </Text>
        )}
        {chips.map((chip) => {
          const node = chip.kind === 'condition' ? builder.state.filter?.[chip.index] : undefined;
          return chip.kind === 'condition' && node?.type === 'condition' ? (
            <ConditionChip
              key={node.id}
              builder={builder}
              node={node}
              chip={chip}
              invalid={invalidAt(chip.index)}
            />
          ) : (
            <div
              key={chip.kind === 'output' ? chip.text : `n${String(chip.index)}`}
              role="listitem"
            >
              <Button
                size="compact-sm"
                radius="xl"
                variant={chip.kind === 'output' ? 'default' : 'light'}
                color={chip.kind !== 'output' && invalidAt(chip.index) ? 'red' : 'gray'}
                title="Edit in the full builder"
                onClick={onEdit}
              >
                {chip.text}
              </Button>
            </div>
          );
        })}
      </Group>
    </BuilderContext>
  );
}
