import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CATALOG, MODULE_IDS } from '#contract/catalog';

/** The landing workspace: every module in one line, each a way in. */
export function LandingPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Modules
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {MODULE_IDS.map((id) => (
          <Card
            key={id}
            withBorder
            padding="md"
            component="section"
            aria-labelledby={`module-${id}`}
          >
            <Title order={2} size="h4" id={`module-${id}`}>
              <Anchor
                renderRoot={(props) => <Link to="/q/$module" params={{ module: id }} {...props} />}
              >
                {CATALOG[id].label}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {CATALOG[id].summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
