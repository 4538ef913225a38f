import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <Stack component="main" p="xl" gap="sm">
      <Title order={1}>Page not found</Title>
      <Text>This address does not lead to a page of the dashboard.</Text>
      <Anchor component={Link} to="/">
        Go to the modules
      </Anchor>
    </Stack>
  );
}
