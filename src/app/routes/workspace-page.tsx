import { Alert, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { sameQueryBody, withMaxNum } from '#contract/request-body';
import { JsonPanel } from '../../features/builder/json-panel.tsx';
import { QueryBuilder } from '../../features/builder/query-builder.tsx';
import type { QueryBuilderModel } from '../../features/builder/use-query-builder.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { LargeResultDialog } from './large-result-dialog.tsx';
import { ModuleCount } from './module-count.tsx';
import { QueryActions } from './query-actions.tsx';
import { RunResults } from './run-results.tsx';
import { LARGE_RESULT_ROWS } from './use-run-flow.ts';
import { useWorkspaceOpening } from './use-workspace-opening.ts';
import { starterState } from './workspace-opening.ts';

const workspaceRoute = getRouteApi('/signed-in/q/$module');

/** The query side by side: the builder, and the request body it makes. */
function QueryPanels({
  builder,
  singleSortKey,
}: {
  builder: QueryBuilderModel;
  singleSortKey: boolean;
}) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md" component="section" aria-label="Query builder">
          <QueryBuilder builder={builder} singleSortKey={singleSortKey} />
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
  );
}

/** Ctrl+Enter, or Cmd+Enter on a Mac: "run", as in Metabase and most query editors. */
function isRunShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
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
  const { mode } = useAppConfig();
  const { builder, flow, view, changeView, problem, address } = useWorkspaceOpening({
    module,
    hash,
    runStarter,
    mode,
  });
  const [initial] = useState(() => starterState(module, mode));
  const { run } = flow;

  // The results on screen answer the last run's query; once the builder says something else,
  // they are marked as such, and "Copy link" says it copies the edited query.
  const stale = flow.state.phase !== 'idle' && !sameQueryBody(flow.state.body, builder.body);

  const submit = builder.form.handleSubmit(() => {
    // A new run is a new history entry, and a chart's filter belongs to the rows it was set on.
    address.startingNewRun();
    changeView({ filter: undefined });
    void run(builder.body);
  });

  return (
    // Ctrl/Cmd+Enter runs the query from anywhere in the workspace, a value field included.
    <Stack
      gap="sm"
      onKeyDown={(event) => {
        if (!isRunShortcut(event)) return;
        event.preventDefault();
        if (builder.blocking.length === 0) void submit();
      }}
    >
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {CATALOG[module].label}
        </Title>
        <ModuleCount module={module} />
      </Group>
      <Text c="dimmed">{CATALOG[module].summary}</Text>
      {problem && (
        <Alert color="orange" title="This link's query was not opened" role="alert">
          {problem}
        </Alert>
      )}
      <QueryPanels builder={builder} singleSortKey={mode === 'upstream'} />
      <QueryActions
        module={module}
        builder={builder}
        view={view}
        onRun={() => void submit()}
        unrun={stale}
        onBackToStarter={() => {
          builder.load(initial);
        }}
      />
      <section aria-label="Results">
        <RunResults
          module={module}
          run={flow.state}
          view={view}
          onViewChange={changeView}
          stale={stale ? () => void submit() : undefined}
        />
      </section>
      <LargeResultDialog
        question={flow.state.phase === 'confirm' ? flow.state : undefined}
        onCancel={flow.cancel}
        onLoadAll={({ body, count }) => {
          flow.proceed(body, count);
        }}
        onLoadFirst={({ body, count }) => {
          builder.form.setValue('maxNum', String(LARGE_RESULT_ROWS));
          flow.proceed(withMaxNum(body, LARGE_RESULT_ROWS), count);
        }}
      />
    </Stack>
  );
}

/** /q/$module: one workspace per module; a new module starts a new workspace. */
export function WorkspacePage() {
  const { module } = workspaceRoute.useParams();
  const { run } = workspaceRoute.useSearch();
  const hash = useLocation({ select: (location) => location.hash });
  // A new fragment is applied by the workspace itself (see useWorkspaceUrl), not by a remount.
  return <Workspace key={module} module={module} hash={hash} runStarter={run === 'starter'} />;
}
