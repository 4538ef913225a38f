import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A view's title, what it read under it, and the page's actions on it to the right. */
export function ViewHeader({
  title,
  star,
  subtitle,
  actions,
}: {
  title: string;
  /** The follow star of what the view is about (a security), beside its name. */
  star?: ReactNode;
  subtitle: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div>
        <Group gap={6} wrap="nowrap" align="center">
          <Title order={2}>{title}</Title>
          {star}
        </Group>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </div>
      {actions}
    </Group>
  );
}
