import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { parseOrderBy, QUERY_LIMITS } from '#contract/query';
import type { OrderTerm } from '#contract/query';
import { MoveButtons } from '../../components/move-buttons.tsx';
import { moved } from '../../components/moved.ts';
import { useBuilderContext } from './builder-context.ts';
import { FieldSelect } from './field-select.tsx';

function useOption(name: string) {
  const { control } = useFormContext();
  const { field } = useController({ control, name });
  // A controller shows the starting value again once its value is cleared to undefined; the
  // form's own value says "not set", as the body does.
  const value: unknown = useWatch({ control, name });
  return { ...field, value };
}

function ColumnChooser() {
  const { module, problems } = useBuilderContext();
  const field = useOption('fields');
  const fields = (field.value as string[] | undefined) ?? [];
  const labels = new Map(
    CATALOG[module].fields.map((definition) => [definition.name, definition.label]),
  );
  return (
    <Stack gap={4}>
      <MultiSelect
        label="Fields to return"
        description={fields.length === 0 ? 'None chosen: the module’s default fields.' : undefined}
        placeholder="Module defaults"
        searchable
        data={CATALOG[module].fields.map((definition) => ({
          value: definition.name,
          label: definition.label,
        }))}
        value={fields}
        onChange={(next) => {
          field.onChange(next.length === 0 ? undefined : next);
        }}
        error={problems.get('fields')?.message}
        clearable
      />
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            field.onChange([...CATALOG[module].defaultFields]);
          }}
        >
          Start from the defaults
        </Button>
      </Group>
      {fields.length > 1 && (
        <Stack gap={2} role="list" aria-label="Column order">
          {fields.map((name, index) => (
            <Group key={name} gap={4} role="listitem" wrap="nowrap">
              <Text size="xs" w={18} c="dimmed">
                {index + 1}.
              </Text>
              <Text size="xs" style={{ flex: 1 }}>
                {labels.get(name) ?? name}
              </Text>
              <MoveButtons
                name={labels.get(name) ?? name}
                index={index}
                count={fields.length}
                onMove={(at, by) => {
                  field.onChange(moved(fields, at, by));
                }}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

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

function OrderBy() {
  const { module, problems, singleSortKey } = useBuilderContext();
  const field = useOption('orderBy');
  const raw = field.value as string | undefined;
  const terms = raw === undefined ? [] : (parseOrderBy(raw) ?? []);
  const change = (next: OrderTerm[]) => {
    field.onChange(writeOrderBy(next));
  };
  // The service refuses more keys than this, so the builder does not offer them.
  const full = terms.length >= QUERY_LIMITS.maxOrderKeys;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Order by (sorted by the service)
      </Text>
      {terms.map((term, index) => (
        <Group key={`${term.field}-${String(index)}`} gap="xs" wrap="nowrap">
          <FieldSelect
            module={module}
            label={`Sort key ${String(index + 1)}`}
            value={term.field}
            width={200}
            onChange={(name) => {
              change(terms.map((t, i) => (i === index ? { ...t, field: name } : t)));
            }}
          />
          <SegmentedControl
            size="xs"
            aria-label={`Direction of sort key ${String(index + 1)}`}
            data={[
              { value: 'ASC', label: 'Ascending' },
              { value: 'DESC', label: 'Descending' },
            ]}
            value={term.direction}
            onChange={(direction) => {
              change(
                terms.map((t, i) =>
                  i === index ? { ...t, direction: direction === 'DESC' ? 'DESC' : 'ASC' } : t,
                ),
              );
            }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove sort key ${String(index + 1)}`}
            onClick={() => {
              change(terms.filter((_, i) => i !== index));
            }}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      {problems.get('orderBy') && (
        <Text size="xs" c="red.8">
          {problems.get('orderBy')?.message}
        </Text>
      )}
      {singleSortKey && terms.length > 1 && (
        <Text size="xs" c="red.8">
          The service sorts by one key: remove sort key 2
          {terms.length > 2 ? ` to ${String(terms.length)}` : ''} and sort further with the
          table&apos;s column headers.
        </Text>
      )}
      {singleSortKey && terms.length === 1 && (
        <Text size="xs" c="dimmed">
          The service sorts by one key; sort further with the table&apos;s column headers.
        </Text>
      )}
      {!(singleSortKey && terms.length > 0) && (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            w="fit-content"
            disabled={full}
            onClick={() => {
              change([...terms, { field: unsorted(module, terms), direction: 'ASC' }]);
            }}
          >
            Add sort key
          </Button>
          {full && (
            <Text size="xs" c="dimmed">
              At most {QUERY_LIMITS.maxOrderKeys} sort keys
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

function NumberOption({
  name,
  label,
  description,
}: {
  name: string;
  label: string;
  description: string;
}) {
  const { problems } = useBuilderContext();
  const field = useOption(name);
  const value = field.value as string | number | undefined;
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      value={value === undefined ? '' : String(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        field.onChange(text === '' ? undefined : text);
      }}
      error={problems.get(name)?.message}
      w={170}
    />
  );
}

/** What comes back: fields and their order, sort, row limit, offset, count only. */
export function OutputOptions() {
  const countOnly = useOption('countOnly');
  const counting = countOnly.value === true || countOnly.value === '1';
  return (
    <Stack gap="sm">
      <ColumnChooser />
      <OrderBy />
      <Group gap="md" align="flex-start">
        <NumberOption name="maxNum" label="Rows (max_num)" description='"-1" for no limit' />
        <NumberOption name="offset" label="Skip (offset)" description="Rows to skip" />
      </Group>
      <Switch
        label="Count only (count_only)"
        checked={counting}
        onChange={(event) => {
          countOnly.onChange(event.currentTarget.checked ? true : undefined);
        }}
      />
    </Stack>
  );
}
