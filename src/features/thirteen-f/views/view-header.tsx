import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A view's title, what it read under it, and the page's actions on it to the right. */
export function ViewHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </div>
      {actions}
    </Group>
  );
}
