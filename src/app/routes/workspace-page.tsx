import { Button, Grid, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
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
import { ResultsPanel } from '../../features/results/results-panel.tsx';
import type { QueryRequestBody } from '../../lib/api-client.ts';
import { useModuleCount } from '../../lib/query-api.ts';
import { LARGE_RESULT_ROWS, useRunFlow } from './use-run-flow.ts';
import type { RunPhase } from './use-run-flow.ts';

const workspaceRoute = getRouteApi('/signed-in/q/$module');

function ModuleCount({ module }: { module: ModuleId }) {
  const count = useModuleCount(module);
  if (count.isPending) return <Loader size="xs" aria-label="Counting records" />;
  if (count.isSuccess) return <Text c="dimmed">{count.data.toLocaleString()} records</Text>;
  return <ErrorAlert error={count.error} />;
}

function RunResults({ module, run }: { module: ModuleId; run: RunPhase }) {
  if (run.phase === 'idle') return <Text c="dimmed">Run the query to see its results.</Text>;
  if (run.phase === 'counting' || run.phase === 'confirm') {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text role="status">Counting the matching records…</Text>
      </Group>
    );
  }
  if (run.phase === 'count-failed') {
    return <ErrorAlert error={run.error} />;
  }
  return (
    <Stack gap="xs">
      {run.count !== undefined && (
        <Text size="sm" fw={500}>
          {run.count.toLocaleString()} records match.
        </Text>
      )}
      {/* A new run starts a new panel: its paging and loaded rows belong to the old query. */}
      <ResultsPanel
        key={JSON.stringify(run.body)}
        module={module}
        body={run.body}
        count={run.count}
      />
    </Stack>
  );
}

function Workspace({ module, runStarter }: { module: ModuleId; runStarter: boolean }) {
  const [initial] = useState(() => {
    const read = stateFromBody(STARTER_QUERIES[module].body);
    return read.ok ? read.state : emptyState(module);
  });
  const builder = useQueryBuilder(initial);
  const flow = useRunFlow();
  const started = useRef(false);
  const { run } = flow;

  useEffect(() => {
    if (runStarter && !started.current) {
      started.current = true;
      void run(STARTER_QUERIES[module].body);
    }
  }, [module, run, runStarter]);

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
  return <Workspace key={module} module={module} runStarter={run === 'starter'} />;
}
