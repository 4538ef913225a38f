import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import { notSubscribedReason } from '../../components/not-subscribed.ts';
import { STARTER_QUERIES } from '../../features/builder/starter-queries.ts';
import { HomeFeed } from '../../features/home/home-feed.tsx';
import { useCompleteQuarter } from '../../features/thirteen-f/api/coverage-queries.ts';
import { useModuleCounts } from '../../lib/api/query-api.ts';
import { useRefusedModules } from '../../lib/api/use-refused-modules.ts';

/**
 * The page after sign-in: the feed of what changed, then every module with a starter query. The
 * modules stay here, below the feed, rather than on a page of their own: the navigation already
 * lists them, and their starters and record counts are one scroll away for a first query.
 */
export function LandingPage() {
  const { since } = useSearch({ strict: false });
  const navigate = useNavigate();
  return (
    <Stack gap="xl">
      <HomeFeed
        useCompleteQuarter={useCompleteQuarter}
        since={since ?? 'last'}
        onSinceChange={(next) => {
          void navigate({ to: '/', search: next === 'last' ? {} : { since: next } });
        }}
      />
      <ModuleDirectory />
    </Stack>
  );
}

/** Every module in one line, each with its record count and a starter query. */
export function ModuleDirectory() {
  const refused = useRefusedModules();
  const counts = useModuleCounts();
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
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
            <Title order={3} size="h4" id={`module-${id}`}>
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
