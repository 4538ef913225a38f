import { Anchor, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { NotFoundRouteProps } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';

/** The name an unknown module's address asked for, as the route's `notFound` carries it. */
function askedModule(data: unknown): string | undefined {
  const module = (data as { module?: unknown } | null | undefined)?.module;
  return typeof module === 'string' && module !== '' ? module : undefined;
}

/**
 * `/q/<name>` for a module the dashboard does not have (a mistyped or outdated link): what was
 * asked, in words, and the way on. The name is rendered as text by React, never as markup.
 */
export function UnknownModulePage({ data }: NotFoundRouteProps) {
  const asked = askedModule(data);
  const headingId = useId();
  // A section, not a second `main`: it shows inside the signed-in layout's own main.
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" maw={640}>
      <Title order={1} size="h2" id={headingId}>
        No such module
      </Title>
      <Text>
        {asked === undefined ? (
          'This address names a module the dashboard does not have.'
        ) : (
          <>
            The dashboard has no module called <Code>{asked}</Code>. The link may be mistyped, or
            from an older version of the dashboard.
          </>
        )}
      </Text>
      <Group gap="lg">
        <Anchor component={Link} to="/">
          See all the modules
        </Anchor>
        <Anchor component={Link} to="/saved">
          Open your saved queries
        </Anchor>
      </Group>
    </Stack>
  );
}
