import { Button, Group, Kbd, Paper, Stack } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import type { ModuleId } from '#contract/catalog';
import { BlockingProblems, QuerySummary } from '../builder/query-summary.tsx';
import { summarize } from '../builder/summary.ts';
import type { QueryBuilderModel } from '../builder/use-query-builder.ts';
import { ShareLink } from '../links/share-link.tsx';
import { SaveQueryButton } from '../saved-queries/save-query-button.tsx';
import { SavedQueriesMenu } from '../saved-queries/saved-queries-menu.tsx';
import { workspaceLinkOf } from '../../lib/url-state/workspace-link.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';

/** The run shortcut as the keyboard shows it: ⌘ on a Mac, Ctrl elsewhere. */
function RunShortcut() {
  const mac = /Mac|iPhone|iPad/.test(navigator.userAgent);
  return (
    <Kbd size="xs" aria-hidden>
      {mac ? '⌘' : 'Ctrl'} ↵
    </Kbd>
  );
}

/** "Run query", with its shortcut; disabled while the query has a blocking problem. */
export function RunButton({
  builder,
  onRun,
  size = 'sm',
}: {
  builder: QueryBuilderModel;
  onRun: () => void;
  size?: ButtonProps['size'];
}) {
  return (
    <Button
      size={size}
      onClick={onRun}
      disabled={builder.blocking.length > 0}
      aria-keyshortcuts="Control+Enter Meta+Enter"
      rightSection={<RunShortcut />}
    >
      Run query
    </Button>
  );
}

interface QueryToolsProps {
  readonly module: ModuleId;
  readonly builder: QueryBuilderModel;
  readonly view: WorkspaceView;
  /** The builder differs from the query whose results are on screen. */
  readonly unrun: boolean;
  readonly size?: ButtonProps['size'];
}

/** Save, open a saved query, share: the same wherever the query is shown. */
export function QueryTools({ module, builder, view, unrun, size = 'sm' }: QueryToolsProps) {
  return (
    <>
      <SaveQueryButton
        state={workspaceLinkOf(module, builder.body, view)}
        suggestedName={summarize(builder.state)}
        size={size}
      />
      <SavedQueriesMenu module={module} size={size} />
      <ShareLink module={module} body={builder.body} view={view} unrun={unrun} size={size} />
    </>
  );
}

/** Below the full builder: what the query asks, and what to do with it (run, reset, save, share). */
export function QueryActions({
  onRun,
  onBackToStarter,
  ...tools
}: QueryToolsProps & { onRun: () => void; onBackToStarter: () => void }) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <QuerySummary builder={tools.builder} />
        <Group gap="sm">
          <RunButton builder={tools.builder} onRun={onRun} />
          <Button variant="default" onClick={onBackToStarter}>
            Back to the starter query
          </Button>
          <QueryTools {...tools} />
        </Group>
        <BlockingProblems builder={tools.builder} />
      </Stack>
    </Paper>
  );
}
