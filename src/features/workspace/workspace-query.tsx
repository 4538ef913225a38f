import { Button, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import { Link } from '@tanstack/react-router';
import { CopyBodyButtons, JsonPanel } from '../builder/json-panel.tsx';
import type { OpenInTarget } from '../builder/json-panel.tsx';
import { QueryBuilder } from '../builder/query-builder.tsx';
import { QueryChips } from '../builder/query-chips.tsx';
import { BlockingProblems } from '../builder/query-summary.tsx';
import type { QueryBuilderModel } from '../builder/use-query-builder.ts';
import type { WorkspaceView } from '../../lib/url-state/workspace-view.ts';
import { QueryActions, QueryTools, RunButton } from './query-actions.tsx';

type Editor = 'builder' | 'json';

interface WorkspaceQueryProps {
  readonly module: ModuleId;
  readonly builder: QueryBuilderModel;
  readonly view: WorkspaceView;
  /** The full builder is shown; otherwise the query is a bar of chips. */
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Whether the query may collapse: only once there is something to show instead. */
  readonly collapsible: boolean;
  readonly onRun: () => void;
  /** The builder differs from the query whose results are on screen. */
  readonly unrun: boolean;
  readonly onBackToStarter: () => void;
  /** The vendor's service answers: the builder offers only what its interface defines. */
  readonly upstream: boolean;
}

/** "Open in ⟨module⟩" for a body pasted here that belongs to another module: opens and runs it. */
function OpenInButton({ module, hash }: OpenInTarget) {
  return (
    <Button
      size="xs"
      variant="light"
      renderRoot={(props) => <Link to="/q/$module" params={{ module }} hash={hash} {...props} />}
    >
      Open in {CATALOG[module].label}
    </Button>
  );
}

/** The full query: the builder or its JSON (a toggle), then what it asks and the run actions. */
function OpenQuery(props: WorkspaceQueryProps) {
  const { builder, collapsible, onOpenChange, upstream } = props;
  const [editor, setEditor] = useState<Editor>('builder');
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" component="section" aria-label="Query">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              size="xs"
              aria-label="Edit the query with"
              data={[
                { value: 'builder', label: 'Builder' },
                { value: 'json', label: 'JSON' },
              ]}
              value={editor}
              onChange={(value) => {
                setEditor(value === 'json' ? 'json' : 'builder');
              }}
            />
            <Group gap="xs">
              <CopyBodyButtons builder={builder} />
              {collapsible && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => {
                    onOpenChange(false);
                  }}
                >
                  Hide query
                </Button>
              )}
            </Group>
          </Group>
          {editor === 'builder' ? (
            <section aria-label="Query builder">
              <QueryBuilder builder={builder} upstream={upstream} />
            </section>
          ) : (
            <section aria-label="Request body">
              <JsonPanel builder={builder} openIn={OpenInButton} />
            </section>
          )}
        </Stack>
      </Paper>
      <QueryActions {...props} />
    </Stack>
  );
}

/**
 * The query collapsed to one bar above the results: its conditions as chips (edit in place, ×
 * to remove), "Edit query" for the full builder, and Run, save and share always in reach. It
 * sticks under the header, so Run stays reachable while the analyst reads down the results.
 */
function QueryBar(props: WorkspaceQueryProps) {
  const { builder, onOpenChange, onRun } = props;
  return (
    <Paper
      withBorder
      p="xs"
      component="section"
      aria-label="Query"
      shadow="xs"
      style={{ position: 'sticky', top: 60, zIndex: 3 }}
    >
      <Stack gap={6}>
        {/* Chips first; the actions share their line when it is wide enough, else go below. */}
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ flex: '1 1 360px', minWidth: 0 }}>
            <QueryChips
              builder={builder}
              onEdit={() => {
                onOpenChange(true);
              }}
            />
          </div>
          <Group gap={6} wrap="wrap" style={{ flex: '0 1 auto' }}>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onOpenChange(true);
              }}
            >
              Edit query
            </Button>
            <RunButton builder={builder} onRun={onRun} size="xs" />
            <QueryTools {...props} size="xs" />
          </Group>
        </Group>
        <BlockingProblems builder={builder} />
      </Stack>
    </Paper>
  );
}

/** The workspace's query, open as the full builder or collapsed to a bar of chips. */
export function WorkspaceQuery(props: WorkspaceQueryProps) {
  return props.open || !props.collapsible ? <OpenQuery {...props} /> : <QueryBar {...props} />;
}
