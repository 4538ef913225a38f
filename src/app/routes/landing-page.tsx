import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import { notSubscribedReason } from '../../components/not-subscribed.ts';
import { STARTER_QUERIES } from '../../features/builder/starter-queries.ts';
import { useModuleCounts } from '../../lib/api/query-api.ts';
import { useRefusedModules } from '../../lib/api/use-refused-modules.ts';

/** The landing workspace: every module in one line, each with a starter query. */
export function LandingPage() {
  const refused = useRefusedModules();
  const counts = useModuleCounts();
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
            {counts[id] !== undefined && (
              <Text size="sm" mt={4}>
                {counts[id].toLocaleString()} records
              </Text>
            )}
            {refused.has(id) ? (
              // No starter to try: it would only meet the refusal the analyst reads here instead.
              <Text size="sm" mt="sm">
                {notSubscribedReason(id)}
              </Text>
            ) : (
              <Anchor
                size="sm"
                mt="sm"
                display="block"
                fw={500}
                renderRoot={(props) => (
                  <Link
                    to="/q/$module"
                    params={{ module: id }}
                    search={{ run: 'starter' }}
                    {...props}
                  />
                )}
              >
                Try: {STARTER_QUERIES[id].description} →
              </Anchor>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
