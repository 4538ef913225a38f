import { Button, Group, MultiSelect, Popover, Stack, Switch, Text, TextInput } from '@mantine/core';
import { CATALOG, offeredFields } from '#contract/catalog';
import { MoveButtons } from '../../components/move-buttons.tsx';
import { moved } from '../../components/moved.ts';
import { useBuilderContext, useOption } from './builder-context.ts';
import { OrderBy } from './order-by.tsx';

function ColumnChooser() {
  const { module, problems, upstream } = useBuilderContext();
  const chosen = useOption('fields');
  const fields = [...(chosen.value ?? [])];
  const offered = offeredFields(module, upstream, fields);
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
        data={offered.map((definition) => ({
          value: definition.name,
          label: definition.label,
        }))}
        value={fields}
        onChange={(next) => {
          chosen.set(next.length === 0 ? undefined : next);
        }}
        error={problems.get('fields')?.message}
        clearable
      />
      <Group gap={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            const names = new Set(offered.map((definition) => definition.name));
            chosen.set(CATALOG[module].defaultFields.filter((name) => names.has(name)));
          }}
        >
          Start from the defaults
        </Button>
        {fields.length > 1 && (
          <Popover position="bottom-start" shadow="md" trapFocus>
            <Popover.Target>
              <Button size="compact-xs" variant="subtle">
                Column order…
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap={2} role="list" aria-label="Column order" miw={260}>
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
                        chosen.set(moved(fields, at, by));
                      }}
                    />
                  </Group>
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        )}
      </Group>
    </Stack>
  );
}

function NumberOption({
  name,
  label,
  description,
}: {
  name: 'maxNum' | 'offset';
  label: string;
  description: string;
}) {
  const { problems } = useBuilderContext();
  const { value, set } = useOption(name);
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      value={value === undefined ? '' : String(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        set(text === '' ? undefined : text);
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
          countOnly.set(event.currentTarget.checked ? true : undefined);
        }}
      />
    </Stack>
  );
}
