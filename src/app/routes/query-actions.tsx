import { Button, Group, Kbd, Paper, Stack } from '@mantine/core';
import type { ModuleId } from '#contract/catalog';
import { BlockingProblems, QuerySummary } from '../../features/builder/query-summary.tsx';
import { summarize } from '../../features/builder/summary.ts';
import type { QueryBuilderModel } from '../../features/builder/use-query-builder.ts';
import { ShareLink } from '../../features/links/share-link.tsx';
import { SaveQueryButton } from '../../features/saved-queries/save-query-button.tsx';
import { SavedQueriesMenu } from '../../features/saved-queries/saved-queries-menu.tsx';
import { workspaceLinkOf } from '../../lib/workspace-link.ts';
import type { WorkspaceView } from '../../lib/workspace-view.ts';

/** The run shortcut as the keyboard shows it: ⌘ on a Mac, Ctrl elsewhere. */
function RunShortcut() {
  const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);
  return (
    <Kbd size="xs" aria-hidden>
      {mac ? '⌘' : 'Ctrl'} ↵
    </Kbd>
  );
}

/** Below the builder: what the query asks, and what to do with it (run, reset, save, share). */
export function QueryActions({
  module,
  builder,
  view,
  onRun,
  unrun,
  onBackToStarter,
}: {
  module: ModuleId;
  builder: QueryBuilderModel;
  view: WorkspaceView;
  onRun: () => void;
  /** The builder differs from the query whose results are on screen. */
  unrun: boolean;
  onBackToStarter: () => void;
}) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <QuerySummary builder={builder} />
        <Group gap="sm">
          <Button
            onClick={onRun}
            disabled={builder.blocking.length > 0}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            rightSection={<RunShortcut />}
          >
            Run query
          </Button>
          <Button variant="default" onClick={onBackToStarter}>
            Back to the starter query
          </Button>
          <SaveQueryButton
            state={workspaceLinkOf(module, builder.body, view)}
            suggestedName={summarize(builder.state)}
          />
          <SavedQueriesMenu module={module} />
          <ShareLink module={module} body={builder.body} view={view} unrun={unrun} />
        </Group>
        <BlockingProblems builder={builder} />
      </Stack>
    </Paper>
  );
}
