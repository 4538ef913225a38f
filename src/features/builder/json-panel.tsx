import { Group, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { QueryRequestBody } from '#contract/request-body';
import { encodeWorkspaceLink, workspaceLinkOf } from '../../lib/url-state/workspace-link.ts';
import { CopyTextButton } from '../../components/copy-text-button.tsx';
import { curlCommand } from './curl.ts';
import { bodyFromState, stateFromBody } from './wire.ts';
import type { QueryBuilderModel } from './use-query-builder.ts';

/** JSON with object keys sorted, so two bodies compare by meaning, not key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/**
 * True when `text` is JSON for `body`. Invalid text is not: the builder only changes while the
 * text is invalid when the analyst edits the builder, and then the builder's query is the newer.
 */
function sameMeaning(text: string, body: unknown): boolean {
  try {
    return canonical(JSON.parse(text)) === canonical(body);
  } catch {
    return false;
  }
}

function pretty(body: unknown): string {
  return JSON.stringify(body, null, 2);
}

/** Where a pasted body for another module opens: that module, and a workspace link's fragment. */
export interface OpenInTarget {
  readonly module: ModuleId;
  readonly hash: string;
}

/**
 * The fragment of a workspace link that opens `body` in `module`'s workspace (and runs it, as
 * any link does); undefined when no link may be made of it (a credential-named key).
 */
function linkTo(module: ModuleId, body: QueryRequestBody): OpenInTarget | undefined {
  try {
    return { module, hash: encodeWorkspaceLink(workspaceLinkOf(module, body)) };
  } catch {
    return undefined;
  }
}

/** Copy the request body, or a curl command that sends it: one click from builder and JSON. */
export function CopyBodyButtons({ builder }: { builder: QueryBuilderModel }) {
  return (
    <Group gap={4}>
      <CopyTextButton value={pretty(builder.body)} label="Copy" />
      <CopyTextButton
        value={curlCommand(builder.body, window.location.origin)}
        label="Copy as curl"
      />
    </Group>
  );
}

/**
 * The exact request body, both ways: the builder's edits show here at once, and a body edited
 * or pasted here updates the builder. Invalid JSON is named and the builder keeps its state.
 */
export function JsonPanel({
  builder,
  openIn,
}: {
  builder: QueryBuilderModel;
  /** Offers to open a pasted body for another module there (`hash`: a workspace link's). */
  openIn?: (target: OpenInTarget) => ReactNode;
}) {
  const { body, load, state } = builder;
  const [text, setText] = useState(() => pretty(body));
  const [problem, setProblem] = useState<string>();
  // A pasted body for another module: where it opens, as a workspace link's fragment.
  const [elsewhere, setElsewhere] = useState<OpenInTarget>();
  const [shownBody, setShownBody] = useState(body);

  if (shownBody !== body) {
    // Follow the builder, unless the text already says the same thing in the analyst's layout.
    setShownBody(body);
    if (!sameMeaning(text, body)) {
      // The text now shows the builder's body, so a message about the replaced text is stale.
      setText(pretty(body));
      setProblem(undefined);
    }
  }

  const edit = (next: string) => {
    setText(next);
    setElsewhere(undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch (error) {
      setProblem(
        `Not valid JSON (${error instanceof Error ? error.message : String(error)}); the builder keeps its last good state.`,
      );
      return;
    }
    const read = stateFromBody(parsed);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    if (read.state.module !== state.module) {
      setProblem(`This body is for ${CATALOG[read.state.module].label}, not this module.`);
      // The body as read writes back exactly as pasted (wire.ts is lossless).
      setElsewhere(linkTo(read.state.module, bodyFromState(read.state)));
      return;
    }
    setProblem(undefined);
    load(read.state);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} component="label" htmlFor="request-body">
        Request body (JSON)
      </Text>
      <Textarea
        id="request-body"
        autosize
        minRows={8}
        maxRows={28}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        value={text}
        error={problem}
        description="Edit or paste a body: the builder follows."
        onChange={(event) => {
          edit(event.currentTarget.value);
        }}
      />
      {elsewhere && openIn?.(elsewhere)}
    </Stack>
  );
}
