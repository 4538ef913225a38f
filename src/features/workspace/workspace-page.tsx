import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { fieldsOf, sameQueryBody, withMaxNum } from '#contract/request-body';
import { useAppConfig } from '../../lib/api/app-config.ts';
import { ModuleAccessGate } from '../../components/module-access-gate.tsx';
import { requestResultFocus } from '../../lib/focus/heading-focus.ts';
import { viewForNewQuery } from '../../lib/url-state/workspace-view.ts';
import { LargeResultDialog } from './large-result-dialog.tsx';
import { ModuleCount } from './module-count.tsx';
import { RunResults } from './run-results.tsx';
import { LARGE_RESULT_ROWS } from './use-run-flow.ts';
import { useWorkspaceOpening } from './use-workspace-opening.ts';
import { starterState } from './workspace-opening.ts';
import { WorkspaceQuery } from './workspace-query.tsx';

const workspaceRoute = getRouteApi('/signed-in/q/$module');

/** Ctrl+Enter, or Cmd+Enter on a Mac: "run", as in Metabase and most query editors. */
function isRunShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/** The module's name, what it holds and its record count; a link's problem under them. */
function WorkspaceHeading({ module, problem }: { module: ModuleId; problem: string | undefined }) {
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={1} size="h3">
            {CATALOG[module].label}
          </Title>
          <Text size="sm" c="dimmed">
            {CATALOG[module].summary}
          </Text>
        </div>
        <ModuleCount module={module} />
      </Group>
      {problem && (
        <Alert color="orange" title="This link's query was not opened" role="alert">
          {problem}
        </Alert>
      )}
    </>
  );
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
  // The full builder until there is an answer to look at; then the query collapses to a bar,
  // and "Edit query" opens it again. Nothing is lost either way: the form holds the query.
  const [queryOpen, setQueryOpen] = useState<boolean>();
  const hasRun = flow.state.phase !== 'idle';

  // The results on screen answer the last run's query; once the builder says something else,
  // they are marked as such, and "Copy link" says it copies the edited query.
  const stale = flow.state.phase !== 'idle' && !sameQueryBody(flow.state.body, builder.body);

  const submit = () => {
    // A query with a blocking problem never runs: Run is disabled, and so is its shortcut.
    if (builder.blocking.length > 0) return;
    // A new run is a new history entry.
    address.startingNewRun();
    // A chart's filter belongs to the rows it was set on; a different query also drops the
    // chart's choice of filer, period or security and any client sort on columns it lacks.
    const previous = flow.state.phase === 'idle' ? undefined : flow.state.body;
    changeView(
      previous !== undefined && sameQueryBody(previous, builder.body)
        ? { filter: undefined }
        : viewForNewQuery(view, fieldsOf(builder.body) ?? CATALOG[module].defaultFields),
    );
    setQueryOpen(false);
    requestResultFocus(); // Run or Ctrl+Enter: focus to the result's heading once drawn.
    void flow.run(builder.body);
  };

  return (
    // Ctrl/Cmd+Enter runs the query from anywhere in the workspace, a value field included.
    <Stack
      gap="sm"
      onKeyDown={(event) => {
        if (!isRunShortcut(event)) return;
        event.preventDefault();
        submit();
      }}
    >
      <WorkspaceHeading module={module} problem={problem} />
      <WorkspaceQuery
        module={module}
        builder={builder}
        view={view}
        open={queryOpen ?? !hasRun}
        onOpenChange={setQueryOpen}
        collapsible={hasRun}
        onRun={submit}
        unrun={stale}
        onBackToStarter={() => {
          builder.load(initial);
        }}
        upstream={mode === 'upstream'}
      />
      <section aria-label="Results">
        <RunResults
          module={module}
          run={flow.state}
          view={view}
          onViewChange={changeView}
          stale={stale ? submit : undefined}
        />
      </section>
      <LargeResultDialog
        question={flow.state.phase === 'confirm' ? flow.state : undefined}
        onCancel={flow.cancel}
        onLoadAll={({ body, count }) => {
          flow.proceed(body, count);
        }}
        onLoadFirst={({ body, count }) => {
          builder.setOption('maxNum', String(LARGE_RESULT_ROWS));
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
  return (
    // A refused module's page says why once, instead of one refusal per query.
    <ModuleAccessGate module={module}>
      <Workspace key={module} module={module} hash={hash} runStarter={run === 'starter'} />
    </ModuleAccessGate>
  );
}
