import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { CATALOG } from '#contract/catalog';
import { useModuleCount } from '../../features/workspace/module-count.ts';
import { HttpError } from '../../lib/api-errors.ts';
import { workspaceRoute } from '../router.tsx';

/** /q/$module: one workspace per module. */
export function WorkspacePage() {
  const { module } = workspaceRoute.useParams();
  const count = useModuleCount(module);
  const definition = CATALOG[module];
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {definition.label}
      </Title>
      <Text c="dimmed">{definition.summary}</Text>
      {count.isPending && <Loader size="sm" aria-label="Counting records" />}
      {count.isSuccess && <Text>{count.data.toLocaleString()} records</Text>}
      {count.isError && (
        <Alert
          color={count.error instanceof HttpError && count.error.status === 403 ? 'yellow' : 'red'}
          role="alert"
        >
          {count.error instanceof HttpError && count.error.status === 403
            ? 'Your subscription does not include this module.'
            : count.error.message}
        </Alert>
      )}
    </Stack>
  );
}
