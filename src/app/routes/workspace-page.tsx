import { Alert, Button, Grid, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppConfig } from '#contract/app-config';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { requestBody, withMaxNum } from '#contract/request-body';
import { JsonPanel } from '../../features/builder/json-panel.tsx';
import { stateFromBody, emptyState } from '../../features/builder/wire.ts';
import type { BuilderState } from '../../features/builder/model.ts';
import { QueryBuilder } from '../../features/builder/query-builder.tsx';
import { BlockingProblems, QuerySummary } from '../../features/builder/query-summary.tsx';
import { starterBody } from '../../features/builder/starter-queries.ts';
import { summarize } from '../../features/builder/summary.ts';
import { useQueryBuilder } from '../../features/builder/use-query-builder.ts';
import { ShareLink } from '../../features/links/share-link.tsx';
import { SaveQueryButton } from '../../features/saved-queries/save-query-button.tsx';
import { SavedQueriesMenu } from '../../features/saved-queries/saved-queries-menu.tsx';
import type { QueryRequestBody } from '../../lib/api-client.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { decodeWorkspaceLink, workspaceLinkOf } from '../../lib/workspace-link.ts';
import type { WorkspaceLink } from '../../lib/workspace-link.ts';
import type { WorkspaceView } from '../../lib/workspace-view.ts';
import { ModuleCount } from './module-count.tsx';
import { RunResults } from './run-results.tsx';
import { LARGE_RESULT_ROWS, useRunFlow } from './use-run-flow.ts';
import { useWorkspaceUrl } from './use-workspace-url.ts';
import { workspaceMemory } from './workspace-memory.ts';

const workspaceRoute = getRouteApi('/signed-in/q/$module');

/** The deployment: the embedded service, or the vendor's (one sort key, see starterBody). */
type Mode = AppConfig['mode'];

function starterState(module: ModuleId, mode: Mode) {
  const read = stateFromBody(starterBody(module, mode));
  return read.ok ? read.state : emptyState(module);
}

/** What a workspace shows on opening (or on a new address): builder, run, view, or a problem. */
interface Opening {
  readonly state: BuilderState;
  readonly run: QueryRequestBody | undefined;
  readonly view: WorkspaceView;
  readonly problem: string | undefined;
}

/** An empty workspace, nothing run, and why. */
function nothingOpened(module: ModuleId, problem: string): Opening {
  return { state: emptyState(module), run: undefined, view: {}, problem };
}

function openingOfLink(module: ModuleId, link: WorkspaceLink): Opening {
  const read = stateFromBody(link.body);
  if (!read.ok) {
    return nothingOpened(
      module,
      `The link's query cannot be read: ${read.message} Nothing was run.`,
    );
  }
  // The link's schema has checked that its body names the link's module.
  const run = requestBody(link.module, link.body);
  return { state: read.state, run, view: link.view ?? {}, problem: undefined };
}

/**
 * Where a workspace starts: a prepared query in the link's fragment (run on arrival), else what
 * the analyst left here, else the module's starter query.
 */
function openingOf(module: ModuleId, hash: string, runStarter: boolean, mode: Mode): Opening {
  const link = decodeWorkspaceLink(hash);
  // During a navigation the fragment can change a render before the module does: another
  // module's link is not this workspace's.
  if (link.kind === 'link' && link.state.module === module) {
    return openingOfLink(module, link.state);
  }
  // A damaged link or one from a newer version: say so, and run nothing.
  if (link.kind === 'damaged' || link.kind === 'newer') return nothingOpened(module, link.message);
  const left = workspaceMemory.recall(module);
  const kept = left ? stateFromBody(left.body) : undefined;
  if (left && kept?.ok) {
    return { state: kept.state, run: left.ran, view: left.view, problem: undefined };
  }
  return {
    state: starterState(module, mode),
    run: runStarter ? starterBody(module, mode) : undefined,
    view: {},
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
  const { mode } = useAppConfig();
  const [opening] = useState(() => openingOf(module, hash, runStarter, mode));
  const [initial] = useState(() => starterState(module, mode));
  const [view, setView] = useState(opening.view);
  const [problem, setProblem] = useState(opening.problem);
  const builder = useQueryBuilder(opening.state);
  const flow = useRunFlow();
  const started = useRef(false);
  const { run } = flow;
  const changeView = useCallback((patch: WorkspaceView) => {
    setView((current) => ({ ...current, ...patch }));
  }, []);

  // A new address (Back, Forward, a link opened in this tab) replaces what is shown.
  const show = (next: Opening, confirmed: boolean) => {
    setProblem(next.problem);
    builder.load(next.state);
    setView(next.view);
    if (next.run) void run(next.run, { confirmed });
    else flow.cancel();
  };
  const address = useWorkspaceUrl({
    module,
    openedFrom: hash,
    ran: flow.state.phase === 'rows' ? flow.state.body : undefined,
    view,
    onOpen: (link, visited) => {
      show(openingOfLink(module, link), visited);
    },
    onProblem: (message) => {
      show(nothingOpened(module, message), false);
    },
  });

  useEffect(() => {
    if (opening.run && !started.current) {
      started.current = true;
      void run(opening.run);
    }
  }, [opening, run]);

  // Remembered on every change, read when the analyst comes back to this module.
  const ran = flow.state.phase === 'idle' ? undefined : flow.state.body;
  useEffect(() => {
    workspaceMemory.remember(module, { body: builder.body, ran, view });
  }, [module, builder.body, ran, view]);

  const submit = builder.form.handleSubmit(() => {
    // A new run is a new history entry, and a chart's filter belongs to the rows it was set on.
    address.startingNewRun();
    changeView({ filter: undefined });
    void run(builder.body);
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
      {problem && (
        <Alert color="orange" title="This link's query was not opened" role="alert">
          {problem}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" component="section" aria-label="Query builder">
            <QueryBuilder builder={builder} singleSortKey={mode === 'upstream'} />
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
            <SaveQueryButton
              state={workspaceLinkOf(module, builder.body, view)}
              suggestedName={summarize(builder.state)}
            />
            <SavedQueriesMenu module={module} />
            <ShareLink module={module} body={builder.body} view={view} />
          </Group>
          <BlockingProblems builder={builder} />
        </Stack>
      </Paper>
      <section aria-label="Results">
        <RunResults module={module} run={flow.state} view={view} onViewChange={changeView} />
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
              flow.proceed(withMaxNum(confirm.body, LARGE_RESULT_ROWS), confirm.count);
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
  const hash = useLocation({ select: (location) => location.hash });
  // A new fragment is applied by the workspace itself (see useWorkspaceUrl), not by a remount.
  return <Workspace key={module} module={module} hash={hash} runStarter={run === 'starter'} />;
}
