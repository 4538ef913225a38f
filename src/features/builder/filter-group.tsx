import { Button, Code, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { CATALOG } from '#contract/catalog';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useBuilderContext } from './builder-context.ts';
import { ConditionRow, RowMenu } from './condition-row.tsx';
import type { RowActions } from './condition-row.tsx';
import type { FilterNode, GroupNode, RawNode } from './model.ts';
import { newCondition, newGroup } from './model.ts';

/** Groups nested deeper than this are offered no "add group" (the service allows ten). */
const MAX_UI_DEPTH = 8;

function RawRow({ node, path, actions }: { node: RawNode; path: string; actions: RowActions }) {
  const { problems } = useBuilderContext();
  return (
    <Paper
      withBorder
      p="xs"
      bg="var(--mantine-color-gray-0)"
      role="group"
      aria-label={`Condition ${actions.number}, kept as written`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {problems.get(path)?.message ?? 'Kept as written'}
          </Text>
          <Text size="sm">{node.reason}. It is sent exactly as written:</Text>
          <Code block>{JSON.stringify(node.json)}</Code>
        </Stack>
        <RowMenu actions={actions} noun={`condition ${actions.number}`} />
      </Group>
    </Paper>
  );
}

function CombinatorControl({ path }: { path: string }) {
  const { control } = useFormContext();
  const { field } = useController({ control, name: `${path}.combinator` });
  return (
    <SegmentedControl
      size="xs"
      aria-label="Match"
      data={[
        { value: '$and', label: 'All of (AND)' },
        { value: '$or', label: 'Any of (OR)' },
      ]}
      value={field.value as string}
      onChange={field.onChange}
    />
  );
}

/**
 * The children of a group (or of the top-level filter, an implicit AND), with the buttons to add
 * conditions and groups. `childrenPath` is `filter` or `<group path>.children`.
 */
function GroupChildren({
  childrenPath,
  depth,
  numberPrefix,
}: {
  childrenPath: string;
  depth: number;
  /** "" at the top, "3." inside the group that is the third element. */
  numberPrefix: string;
}) {
  const { module, problems } = useBuilderContext();
  const { control, getValues } = useFormContext();
  const { fields, append, remove, insert, update, move } = useFieldArray({
    control,
    name: childrenPath,
  });
  const emptyProblem = problems.get(childrenPath.replace(/\.children$/, ''));
  return (
    <Stack gap="xs">
      {fields.map((item, index) => {
        const path = `${childrenPath}.${String(index)}`;
        const node = getValues(path) as FilterNode;
        const actions: RowActions = {
          number: `${numberPrefix}${String(index + 1)}`,
          position: index,
          count: fields.length,
          remove: () => {
            remove(index);
          },
          duplicate: () => {
            insert(index + 1, structuredClone(getValues(path) as FilterNode));
          },
          wrap: () => {
            update(index, { ...newGroup('$and'), children: [getValues(path) as FilterNode] });
          },
          move: (by) => {
            move(index, index + by);
          },
        };
        if (node.type === 'group') {
          return <FilterGroup key={item.id} path={path} depth={depth + 1} actions={actions} />;
        }
        if (node.type === 'raw') {
          return <RawRow key={item.id} node={node} path={path} actions={actions} />;
        }
        return <ConditionRow key={item.id} path={path} actions={actions} />;
      })}
      {fields.length === 0 && (
        <Text size="sm" c={emptyProblem ? 'red.8' : 'dimmed'}>
          {emptyProblem?.message ?? 'No conditions: every record matches.'}
        </Text>
      )}
      <AddButtons
        onAddCondition={() => {
          // The new row's field picker takes the focus: the analyst goes on typing.
          append(newCondition(module, CATALOG[module].defaultFields[0]), {
            focusName: `${childrenPath}.${String(fields.length)}`,
          });
        }}
        onAddGroup={
          depth < MAX_UI_DEPTH
            ? () => {
                append(
                  {
                    ...newGroup(depth % 2 === 0 ? '$or' : '$and'),
                    children: [newCondition(module, CATALOG[module].defaultFields[0])],
                  },
                  { focusName: `${childrenPath}.${String(fields.length)}.children.0` },
                );
              }
            : undefined
        }
      />
    </Stack>
  );
}

/** "Add condition", and "Add group" where another level is allowed. */
function AddButtons({
  onAddCondition,
  onAddGroup,
}: {
  onAddCondition: () => void;
  onAddGroup: (() => void) | undefined;
}) {
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={onAddCondition}>
        Add condition
      </Button>
      {onAddGroup && (
        <Button size="xs" variant="subtle" onClick={onAddGroup}>
          Add group
        </Button>
      )}
    </Group>
  );
}

/** A nested `$and` / `$or` group. */
function FilterGroup({
  path,
  depth,
  actions,
}: {
  path: string;
  depth: number;
  actions: RowActions;
}) {
  const { control } = useFormContext();
  const combinator = useWatch({ control, name: `${path}.combinator` }) as GroupNode['combinator'];
  const label = `Group ${actions.number}`;
  return (
    <Paper
      withBorder
      p="xs"
      pl="sm"
      role="group"
      aria-label={label}
      style={{
        borderLeft: `3px solid var(--mantine-color-${combinator === '$or' ? 'orange' : 'blue'}-6)`,
      }}
    >
      <Group justify="space-between" mb="xs">
        <CombinatorControl path={path} />
        <RowMenu actions={actions} noun={label.toLowerCase()} />
      </Group>
      <GroupChildren
        childrenPath={`${path}.children`}
        depth={depth}
        numberPrefix={`${actions.number}.`}
      />
    </Paper>
  );
}

/** The filter tree: its top-level conditions combine with AND, as the wire's filter array does. */
export function FilterTree() {
  return (
    <Stack gap={6} role="group" aria-label="Filters">
      <Text size="sm" fw={500}>
        Records matching all of these (AND)
      </Text>
      <GroupChildren childrenPath="filter" depth={0} numberPrefix="" />
    </Stack>
  );
}
