import { ActionIcon, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { parseOrderBy, QUERY_LIMITS } from '#contract/query';
import type { OrderTerm } from '#contract/query';
import { useBuilderContext, useOption } from './builder-context.ts';
import { FieldSelect } from './field-select.tsx';
import type { BuilderProblem } from './validation.ts';

function writeOrderBy(terms: readonly OrderTerm[]): string | undefined {
  return terms.length === 0
    ? undefined
    : terms.map((term) => `${term.field}:${term.direction}`).join(',');
}

/** A field to sort on next: the first default (then any field) not sorted on yet. */
function unsorted(module: ModuleId, terms: readonly OrderTerm[]): string {
  const used = new Set(terms.map((term) => term.field));
  const names = [...CATALOG[module].defaultFields, ...CATALOG[module].fields.map((f) => f.name)];
  return names.find((name) => !used.has(name)) ?? names[0] ?? '';
}

/** Sort key `position` (from 1): its field, its direction, and a button that removes it. */
function SortKeyRow({
  module,
  term,
  position,
  onChange,
  onRemove,
}: {
  module: ModuleId;
  term: OrderTerm;
  position: number;
  onChange: (next: OrderTerm) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <FieldSelect
        module={module}
        label={`Sort key ${String(position)}`}
        value={term.field}
        width={200}
        onChange={(name) => {
          onChange({ ...term, field: name });
        }}
      />
      <SegmentedControl
        size="xs"
        aria-label={`Direction of sort key ${String(position)}`}
        data={[
          { value: 'ASC', label: 'Ascending' },
          { value: 'DESC', label: 'Descending' },
        ]}
        value={term.direction}
        onChange={(direction) => {
          onChange({ ...term, direction: direction === 'DESC' ? 'DESC' : 'ASC' });
        }}
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Remove sort key ${String(position)}`}
        onClick={onRemove}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}

/** What is wrong with the order, and how far a service that sorts by one key goes. */
function OrderByNotes({
  problem,
  singleSortKey,
  keys,
}: {
  problem: BuilderProblem | undefined;
  singleSortKey: boolean;
  /** How many sort keys there are. */
  keys: number;
}) {
  return (
    <>
      {problem && (
        <Text size="xs" c="red.8">
          {problem.message}
        </Text>
      )}
      {singleSortKey && keys > 1 && (
        <Text size="xs" c="red.8">
          The service sorts by one key: remove sort key 2{keys > 2 ? ` to ${String(keys)}` : ''} and
          sort further with the table&apos;s column headers.
        </Text>
      )}
      {singleSortKey && keys === 1 && (
        <Text size="xs" c="dimmed">
          The service sorts by one key; sort further with the table&apos;s column headers.
        </Text>
      )}
    </>
  );
}

/** "Add sort key", turned off (and saying why) once the order has as many keys as allowed. */
function AddSortKey({ full, onAdd }: { full: boolean; onAdd: () => void }) {
  return (
    <Group gap="xs">
      <Button size="compact-xs" variant="subtle" w="fit-content" disabled={full} onClick={onAdd}>
        Add sort key
      </Button>
      {full && (
        <Text size="xs" c="dimmed">
          At most {QUERY_LIMITS.maxOrderKeys} sort keys
        </Text>
      )}
    </Group>
  );
}

/** The service's order (`order_by`): sort keys, each a field and a direction. */
export function OrderBy() {
  const { module, problems, upstream } = useBuilderContext();
  const orderBy = useOption('orderBy');
  const terms = orderBy.value === undefined ? [] : (parseOrderBy(orderBy.value) ?? []);
  const change = (next: OrderTerm[]) => {
    orderBy.set(writeOrderBy(next));
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Order by (sorted by the service)
      </Text>
      {terms.map((term, index) => (
        <SortKeyRow
          key={`${term.field}-${String(index)}`}
          module={module}
          term={term}
          position={index + 1}
          onChange={(next) => {
            change(terms.map((t, i) => (i === index ? next : t)));
          }}
          onRemove={() => {
            change(terms.filter((_, i) => i !== index));
          }}
        />
      ))}
      <OrderByNotes
        problem={problems.get('orderBy')}
        singleSortKey={upstream}
        keys={terms.length}
      />
      {!(upstream && terms.length > 0) && (
        <AddSortKey
          // The service refuses more keys than this, so the builder does not offer them.
          full={terms.length >= QUERY_LIMITS.maxOrderKeys}
          onAdd={() => {
            change([...terms, { field: unsorted(module, terms), direction: 'ASC' }]);
          }}
        />
      )}
    </Stack>
  );
}
