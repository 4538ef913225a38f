import { Button, Code, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { CATALOG } from '#contract/catalog';
import { useBuilderContext } from './builder-context.ts';
import { ConditionRow, RowMenu } from './condition-row.tsx';
import type { FilterList, Path } from './filter-tree.ts';
import type { FilterNode, GroupNode, RawNode } from './model.ts';
import { newCondition, newGroup, withCombinator } from './model.ts';
import { rowActions } from './row-actions.ts';
import type { RowActions } from './row-actions.ts';
import { problemKey } from './validation.ts';

/** Groups nested deeper than this are offered no "add group" (the service allows ten). */
const MAX_UI_DEPTH = 8;

function RawRow({ node, path, actions }: { node: RawNode; path: Path; actions: RowActions }) {
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
            {problems.get(problemKey(path))?.message ?? 'Kept as written'}
          </Text>
          <Text size="sm">{node.reason}. It is sent exactly as written:</Text>
          <Code block>{JSON.stringify(node.json)}</Code>
        </Stack>
        <RowMenu actions={actions} noun={`condition ${actions.number}`} />
      </Group>
    </Paper>
  );
}

function CombinatorControl({ node, path }: { node: GroupNode; path: Path }) {
  const { tree } = useBuilderContext();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Match"
      data={[
        { value: '$and', label: 'All of (AND)' },
        { value: '$or', label: 'Any of (OR)' },
      ]}
      value={node.combinator}
      onChange={(value) => {
        const combinator = value === '$or' ? '$or' : '$and';
        tree.update(path, (current) => withCombinator(current, combinator));
      }}
    />
  );
}

/**
 * The children of a group (or the top-level filter, an implicit AND) at `parent`, with the
 * buttons to add conditions and groups.
 */
function GroupChildren({
  nodes,
  parent,
  depth,
  numberPrefix,
}: {
  nodes: FilterList;
  parent: Path;
  depth: number;
  /** "" at the top, "3." inside the group that is the third element. */
  numberPrefix: string;
}) {
  const { module, problems, tree, focus } = useBuilderContext();
  const emptyProblem = problems.get(problemKey(parent));
  // A new row's field picker takes the focus: the analyst goes on typing.
  const addFocused = (node: FilterNode, focusId: string) => {
    focus.ask(focusId);
    tree.add(parent, node);
  };
  const fresh = () => newCondition(module, CATALOG[module].defaultFields[0]);
  return (
    <Stack gap="xs">
      {nodes.map((node, index) => {
        const path = [...parent, index];
        const number = `${numberPrefix}${String(index + 1)}`;
        const actions = rowActions({ tree, node, path, count: nodes.length, number });
        if (node.type === 'group') {
          return (
            <FilterGroup
              key={node.id}
              node={node}
              path={path}
              depth={depth + 1}
              actions={actions}
            />
          );
        }
        if (node.type === 'raw') {
          return <RawRow key={node.id} node={node} path={path} actions={actions} />;
        }
        return <ConditionRow key={node.id} node={node} path={path} actions={actions} />;
      })}
      {nodes.length === 0 && (
        <Text size="sm" c={emptyProblem ? 'red.8' : 'dimmed'}>
          {emptyProblem?.message ?? 'No conditions: every record matches.'}
        </Text>
      )}
      <AddButtons
        onAddCondition={() => {
          const condition = fresh();
          addFocused(condition, condition.id);
        }}
        onAddGroup={
          depth < MAX_UI_DEPTH
            ? () => {
                const condition = fresh();
                addFocused(newGroup(depth % 2 === 0 ? '$or' : '$and', [condition]), condition.id);
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
  node,
  path,
  depth,
  actions,
}: {
  node: GroupNode;
  path: Path;
  depth: number;
  actions: RowActions;
}) {
  const label = `Group ${actions.number}`;
  return (
    <Paper
      withBorder
      p="xs"
      pl="sm"
      role="group"
      aria-label={label}
      style={{
        borderLeft: `3px solid var(--mantine-color-${node.combinator === '$or' ? 'orange' : 'blue'}-6)`,
      }}
    >
      <Group justify="space-between" mb="xs">
        <CombinatorControl node={node} path={path} />
        <RowMenu actions={actions} noun={label.toLowerCase()} />
      </Group>
      <GroupChildren
        nodes={node.children}
        parent={path}
        depth={depth}
        numberPrefix={`${actions.number}.`}
      />
    </Paper>
  );
}

/** The filter tree: its top-level conditions combine with AND, as the wire's filter array does. */
export function FilterTree() {
  const { state } = useBuilderContext();
  return (
    <Stack gap={6} role="group" aria-label="Filters">
      <Text size="sm" fw={500}>
        Records matching all of these (AND)
      </Text>
      <GroupChildren nodes={state.filter ?? []} parent={[]} depth={0} numberPrefix="" />
    </Stack>
  );
}
