import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { MoveButtons } from '../../components/move-buttons.tsx';
import { moved } from '../../components/moved.ts';
import type { ResultColumn } from './result-column.ts';
import { inColumnOrder } from './table-state.ts';
import type { ResultsTableState } from './table-state.ts';

/** Show, hide and reorder the table's columns (the query's fields stay as they are). */
export function ColumnChooser({
  columns,
  state,
}: {
  columns: readonly ResultColumn[];
  state: ResultsTableState;
}) {
  const ordered = inColumnOrder(columns, state.order);
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button size="xs" variant="default">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} role="group" aria-label="Columns shown">
          {ordered.map((column, index) => (
            <Group key={column.id} gap={4} wrap="nowrap" justify="space-between">
              <Checkbox
                size="xs"
                label={column.label}
                checked={state.visibility[column.id] !== false}
                onChange={(event) => {
                  const shown = event.currentTarget.checked;
                  state.setVisibility((old) => ({ ...old, [column.id]: shown }));
                }}
              />
              <MoveButtons
                name={column.label}
                index={index}
                count={ordered.length}
                words={['left', 'right']}
                onMove={(at, by) => {
                  state.setOrder(moved(ordered, at, by).map((item) => item.id));
                }}
              />
            </Group>
          ))}
          <Text size="xs" c="dimmed" mt={4}>
            Hidden columns stay out of the CSV too.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
