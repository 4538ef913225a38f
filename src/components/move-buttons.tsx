import { ActionIcon, Group } from '@mantine/core';

/** Earlier / later buttons for one item of an ordered list (columns, fields). */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  words = ['earlier', 'later'],
}: {
  /** What moves, for the buttons' accessible names ("Move Ticker earlier"). */
  name: string;
  index: number;
  count: number;
  onMove: (index: number, by: -1 | 1) => void;
  words?: readonly [string, string];
}) {
  return (
    <Group gap={0} wrap="nowrap">
      <ActionIcon
        size="xs"
        variant="subtle"
        color="gray"
        aria-label={`Move ${name} ${words[0]}`}
        disabled={index === 0}
        onClick={() => {
          onMove(index, -1);
        }}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        size="xs"
        variant="subtle"
        color="gray"
        aria-label={`Move ${name} ${words[1]}`}
        disabled={index === count - 1}
        onClick={() => {
          onMove(index, 1);
        }}
      >
        ↓
      </ActionIcon>
    </Group>
  );
}
