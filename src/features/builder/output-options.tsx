import { Button, Group, MultiSelect, Popover, Stack, Switch, Text, TextInput } from '@mantine/core';
import { CATALOG } from '#contract/catalog';
import { MoveButtons } from '../../components/move-buttons.tsx';
import { moved } from '../../components/moved.ts';
import { useBuilderContext } from './builder-context.ts';
import { OrderBy } from './order-by.tsx';
import { useOption } from './use-option.ts';

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
                        field.onChange(moved(fields, at, by));
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
