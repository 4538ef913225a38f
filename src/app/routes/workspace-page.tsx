import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { JsonPanel } from '../../features/builder/json-panel.tsx';
import { stateFromBody, emptyState } from '../../features/builder/model.ts';
import { QueryBuilder } from '../../features/builder/query-builder.tsx';
import { BlockingProblems, QuerySummary } from '../../features/builder/query-summary.tsx';
import { STARTER_QUERIES } from '../../features/builder/starter-queries.ts';
import { useQueryBuilder } from '../../features/builder/use-query-builder.ts';
import { ShareLink } from '../../features/links/share-link.tsx';
import type { QueryRequestBody } from '../../lib/api-client.ts';
import { useModuleCount } from '../../lib/query-api.ts';
import { decodeWorkspaceLink } from '../../lib/workspace-link.ts';
import { RunResults } from './run-results.tsx';
import { LARGE_RESULT_ROWS, useRunFlow } from './use-run-flow.ts';
import { workspaceMemory } from './workspace-memory.ts';

const workspaceRoute = getRouteApi('/signed-in/q/$module');

function ModuleCount({ module }: { module: ModuleId }) {
  const count = useModuleCount(module);
  if (count.isPending) return <Loader size="xs" aria-label="Counting records" />;
  if (count.isSuccess) return <Text c="dimmed">{count.data.toLocaleString()} records</Text>;
  return <ErrorAlert error={count.error} />;
}

function starterState(module: ModuleId) {
  const read = stateFromBody(STARTER_QUERIES[module].body);
  return read.ok ? read.state : emptyState(module);
}

/**
 * Where a workspace starts: a prepared query in the link's fragment (run on arrival), else what
 * the analyst left here, else the module's starter query.
 */
function openingOf(module: ModuleId, hash: string, runStarter: boolean) {
  const link = decodeWorkspaceLink(hash);
  if (link.kind === 'link') {
    const read = stateFromBody(link.state.body);
    if (read.ok) {
      return { state: read.state, run: link.state.body as QueryRequestBody, problem: undefined };
    }
    const problem = `The link's query cannot be read: ${read.message} Nothing was run.`;
    return { state: emptyState(module), run: undefined, problem };
  }
  // A damaged link or one from a newer version: say so, and run nothing.
  if (link.kind !== 'none') {
    return { state: emptyState(module), run: undefined, problem: link.message };
  }
  const left = workspaceMemory.recall(module);
  const kept = left ? stateFromBody(left.body) : undefined;
  if (left && kept?.ok) return { state: kept.state, run: left.ran, problem: undefined };
  return {
    state: starterState(module),
    run: runStarter ? STARTER_QUERIES[module].body : undefined,
    problem: undefined,
  };
}

function Workspace({
  module,
  hash,
  runStarter,
}: {
  module: ModuleId;
  hash: string;
  runStarter: boolean;
}) {
  const [opening] = useState(() => openingOf(module, hash, runStarter));
  const [initial] = useState(() => starterState(module));
  const builder = useQueryBuilder(opening.state);
  const flow = useRunFlow();
  const started = useRef(false);
  const { run } = flow;

  useEffect(() => {
    if (opening.run && !started.current) {
      started.current = true;
      void run(opening.run);
    }
  }, [opening, run]);

  // Remembered on every change, read when the analyst comes back to this module.
  const ran = flow.state.phase === 'idle' ? undefined : flow.state.body;
  useEffect(() => {
    workspaceMemory.remember(module, { body: builder.body, ran });
  }, [module, builder.body, ran]);

  const submit = builder.form.handleSubmit(() => {
    void run(builder.body as QueryRequestBody);
  });
  const confirm = flow.state.phase === 'confirm' ? flow.state : undefined;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {CATALOG[module].label}
        </Title>
        <ModuleCount module={module} />
      </Group>
      <Text c="dimmed">{CATALOG[module].summary}</Text>
      {opening.problem && (
        <Alert color="orange" title="This link's query was not opened" role="alert">
          {opening.problem}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" component="section" aria-label="Query builder">
            <QueryBuilder builder={builder} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper
            withBorder
            p="md"
            component="section"
            aria-label="Request body"
            // The body stays in view while a long builder scrolls.
            style={{ position: 'sticky', top: 64 }}
          >
            <JsonPanel builder={builder} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <QuerySummary builder={builder} />
          <Group gap="sm">
            <Button onClick={() => void submit()} disabled={builder.blocking.length > 0}>
              Run query
            </Button>
            <Button
              variant="default"
              onClick={() => {
                builder.load(initial);
              }}
            >
              Back to the starter query
            </Button>
            <ShareLink module={module} body={builder.body} />
          </Group>
          <BlockingProblems builder={builder} />
        </Stack>
      </Paper>
      <section aria-label="Results">
        <RunResults module={module} run={flow.state} />
      </section>
      <Modal opened={confirm !== undefined} onClose={flow.cancel} title="A large result" centered>
        <Text size="sm">
          This query matches {confirm?.count.toLocaleString()} records. Loading them all can take a
          while; the first {LARGE_RESULT_ROWS.toLocaleString()} are usually enough to look at.
        </Text>
        <Group mt="md" justify="flex-end">
          <Button variant="default" onClick={flow.cancel}>
            Cancel
          </Button>
          <Button
            variant="default"
            onClick={() => {
              if (confirm) flow.proceed(confirm.body, confirm.count);
            }}
          >
            Load all
          </Button>
          <Button
            onClick={() => {
              if (!confirm) return;
              builder.form.setValue('maxNum', String(LARGE_RESULT_ROWS));
              const filters = (confirm.body.filters ?? {}) as Record<string, unknown>;
              flow.proceed(
                { ...confirm.body, filters: { ...filters, max_num: String(LARGE_RESULT_ROWS) } },
                confirm.count,
              );
            }}
          >
            Load the first {LARGE_RESULT_ROWS.toLocaleString()}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** /q/$module: one workspace per module; a new module starts a new workspace. */
export function WorkspacePage() {
  const { module } = workspaceRoute.useParams();
  const { run } = workspaceRoute.useSearch();
  const locationHash = useLocation({ select: (location) => location.hash });
  // During a navigation the fragment can change a render before the module does: a prepared
  // query for another module is not this workspace's, and must not restart it.
  const link = decodeWorkspaceLink(locationHash);
  const foreign = link.kind === 'link' && link.state.module !== module;
  // Other fragments (the skip link's #main) are not links and must not restart it either.
  const hash = foreign || link.kind === 'none' ? '' : locationHash;
  // A new module or a new prepared query (a related-query link) starts a new workspace.
  return (
    <Workspace
      key={`${module}#${hash}`}
      module={module}
      hash={hash}
      runStarter={run === 'starter'}
    />
  );
}
