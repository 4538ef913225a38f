import { ActionIcon, Group, Menu, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { RefCallBack } from 'react-hook-form';
import { findField } from '#contract/catalog';
import { OPERATOR_LABELS, OPERATORS_BY_KIND } from '#contract/operators';
import { useBuilderContext } from './builder-context.ts';
import { FieldSelect } from './field-select.tsx';
import type { ConditionNode } from './model.ts';
import { withField, withOperator } from './model.ts';
import { ENTER_A_VALUE, ENTER_BOTH_BOUNDS } from './validation.ts';
import { ValueEditor } from './value-editor.tsx';

/** What a row can do within its group; the group supplies them. */
export interface RowActions {
  /** Where the row stands, for labels: "2", or "3.1" inside the third element's group. */
  readonly number: string;
  readonly position: number;
  readonly count: number;
  readonly remove: () => void;
  readonly duplicate: () => void;
  readonly wrap: () => void;
  readonly move: (by: -1 | 1) => void;
}

/** The menu of a row or group: duplicate, wrap in a group, reorder, remove. */
export function RowMenu({ actions, noun }: { actions: RowActions; noun: string }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${noun}`}>
          <Text fw={700} aria-hidden>
            ⋯
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={actions.duplicate}>Duplicate</Menu.Item>
        <Menu.Item onClick={actions.wrap}>Wrap in a group</Menu.Item>
        <Menu.Item
          disabled={actions.position === 0}
          onClick={() => {
            actions.move(-1);
          }}
        >
          Move up
        </Menu.Item>
        <Menu.Item
          disabled={actions.position === actions.count - 1}
          onClick={() => {
            actions.move(1);
          }}
        >
          Move down
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={actions.remove}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The form's ref for a row's field picker, which the form focuses when the row is new (see
 * FilterGroup). The focus comes a frame later than the form asks: opened while the row mounts,
 * the picker's list would not be the list its input points to.
 */
function focusedLater(formRef: RefCallBack): (input: HTMLInputElement | null) => void {
  return (input) => {
    formRef(
      input && {
        focus: () => {
          requestAnimationFrame(() => {
            input.focus();
          });
        },
      },
    );
  };
}

/** One field condition: field, operator, value editor, actions; its problem shown inline. */
export function ConditionRow({ path, actions }: { path: string; actions: RowActions }) {
  const { module, problems } = useBuilderContext();
  const { control } = useFormContext();
  const { field: controller } = useController({ control, name: path });
  const node = controller.value as ConditionNode;
  const problem = problems.get(path) ?? problems.get(`${path}.value`);
  // "Enter a value" waits until the analyst has left the value empty; other problems show at once.
  const [leftEmpty, setLeftEmpty] = useState(false);
  const waitsForInput =
    problem?.message === ENTER_A_VALUE || problem?.message === ENTER_BOTH_BOUNDS;
  const shown = waitsForInput && !leftEmpty ? undefined : problem?.message;
  const definition = findField(module, node.field);
  const noun = `condition ${actions.number}`;
  if (!definition) return null;
  return (
    <Group
      gap="xs"
      align="flex-start"
      wrap="nowrap"
      role="group"
      aria-label={`Condition ${actions.number}`}
    >
      <FieldSelect
        module={module}
        label="Field"
        inputRef={focusedLater(controller.ref)}
        value={node.field}
        width={180}
        onChange={(name) => {
          controller.onChange(withField(node, module, name));
        }}
      />
      <Select
        aria-label="Operator"
        data={OPERATORS_BY_KIND[definition.kind].map((operator) => ({
          value: operator,
          label: OPERATOR_LABELS[operator],
        }))}
        value={node.operator}
        onChange={(operator) => {
          const allowed = OPERATORS_BY_KIND[definition.kind].find((known) => known === operator);
          if (allowed) controller.onChange(withOperator(node, module, allowed));
        }}
        allowDeselect={false}
        w={150}
      />
      <div
        style={{ flex: 1, minWidth: 0 }}
        onBlur={(event) => {
          // Leaving the editor (not moving between its two bounds) counts as having tried.
          if (!event.currentTarget.contains(event.relatedTarget)) setLeftEmpty(true);
        }}
      >
        <ValueEditor
          module={module}
          field={definition}
          value={node.value}
          label={`${definition.label} value`}
          error={shown}
          onChange={(value) => {
            controller.onChange({ ...node, value });
          }}
        />
      </div>
      <Group gap={2} wrap="nowrap">
        <RowMenu actions={actions} noun={noun} />
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Remove ${noun}`}
          onClick={actions.remove}
        >
          <Text aria-hidden>✕</Text>
        </ActionIcon>
      </Group>
    </Group>
  );
}
