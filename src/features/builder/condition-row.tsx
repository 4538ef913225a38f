import { ActionIcon, Group, Menu, Select, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { findField } from '#contract/catalog';
import type { FieldDefinition } from '#contract/catalog';
import {
  isExtensionOperator,
  isOperator,
  OPERATOR_LABELS,
  OPERATORS_BY_KIND,
} from '#contract/operators';
import type { Operator } from '#contract/operators';
import { useBuilderContext } from './builder-context.ts';
import { FieldSelect } from './field-select.tsx';
import type { Path } from './filter-tree.ts';
import type { ConditionNode } from './model.ts';
import { withField, withOperator, withValue } from './model.ts';
import type { RowActions } from './row-actions.ts';
import { ENTER_A_VALUE, ENTER_BOTH_BOUNDS, ENTER_SOME_VALUES, problemKey } from './validation.ts';
import { ValueEditor } from './value-editor.tsx';

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
 * Focuses the row's field picker when the row was just added and asked for it. The focus
 * comes a frame later: opened while the row mounts, the picker's list would not be the list its
 * input points to.
 */
function useFocusWhenAdded(id: string) {
  const { focus } = useBuilderContext();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focus.isFor(id)) return;
    const frame = requestAnimationFrame(() => {
      focus.done();
      input.current?.focus();
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [focus, id]);
  return input;
}

/**
 * The row's problem as shown: "Enter a value" waits until the analyst has left the value empty
 * (`leave`); other problems show at once.
 */
function useShownProblem(path: Path) {
  const { problems } = useBuilderContext();
  const key = problemKey(path);
  const problem = problems.get(key) ?? problems.get(`${key}.value`);
  const [leftEmpty, setLeftEmpty] = useState(false);
  const waitsForInput = [ENTER_A_VALUE, ENTER_BOTH_BOUNDS, ENTER_SOME_VALUES].some(
    (prompt) => problem?.message === prompt,
  );
  return {
    shown: waitsForInput && !leftEmpty ? undefined : problem?.message,
    leave: () => {
      setLeftEmpty(true);
    },
  };
}

/**
 * The operator picker. An operator of our own is marked "(dashboard extension)", as the date
 * ranges beyond the vendor's are; against the vendor's service (upstream mode) it is not offered,
 * and a condition that arrived with one keeps it, marked as one the service will refuse.
 */
function OperatorSelect({
  field,
  operator,
  onChange,
}: {
  field: FieldDefinition;
  operator: Operator;
  onChange: (operator: Operator) => void;
}) {
  const { upstream } = useBuilderContext();
  const operators = OPERATORS_BY_KIND[field.kind].filter(
    (known) => !upstream || !isExtensionOperator(known) || known === operator,
  );
  const extension = isExtensionOperator(operator);
  return (
    <Select
      aria-label="Operator"
      data={operators.map((known) => ({ value: known, label: OPERATOR_LABELS[known] }))}
      renderOption={({ option }) =>
        isOperator(option.value) && isExtensionOperator(option.value)
          ? `${option.label} (dashboard extension)`
          : option.label
      }
      value={operator}
      onChange={(next) => {
        const allowed = operators.find((known) => known === next);
        if (allowed) onChange(allowed);
      }}
      allowDeselect={false}
      description={extension && !upstream ? 'Dashboard extension' : undefined}
      error={extension && upstream ? "The vendor's service does not offer it" : undefined}
      inputWrapperOrder={['input', 'description', 'error']}
      w={150}
    />
  );
}

/** One field condition: field, operator, value editor, actions; its problem shown inline. */
export function ConditionRow({
  node,
  path,
  actions,
}: {
  node: ConditionNode;
  path: Path;
  actions: RowActions;
}) {
  const { module, tree } = useBuilderContext();
  const fieldInput = useFocusWhenAdded(node.id);
  const { shown, leave } = useShownProblem(path);
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
        inputRef={fieldInput}
        value={node.field}
        width={180}
        onChange={(name) => {
          tree.update(path, (current) => withField(current, module, name));
        }}
      />
      <OperatorSelect
        field={definition}
        operator={node.operator}
        onChange={(operator) => {
          tree.update(path, (current) => withOperator(current, module, operator));
        }}
      />
      <div
        style={{ flex: 1, minWidth: 0 }}
        onBlur={(event) => {
          // Leaving the editor (not moving between its two bounds) counts as having tried.
          if (!event.currentTarget.contains(event.relatedTarget)) leave();
        }}
      >
        <ValueEditor
          module={module}
          field={definition}
          value={node.value}
          label={`${definition.label} value`}
          error={shown}
          onChange={(value) => {
            tree.update(path, (current) => withValue(current, value));
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
