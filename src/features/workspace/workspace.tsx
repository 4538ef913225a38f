import { Alert, Button, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';
import type { QueryBody } from '#contract/query';
import { describeError } from '../../lib/error-policy.ts';
import { formatQuery, readQueryText } from './query-text.ts';
import { ResultsPreview } from './results-preview.tsx';
import { useModuleCount, useQueryResult } from './run-query.ts';
import { STARTER_QUERIES } from './starter-queries.ts';

function ModuleCount({ module }: { module: ModuleId }) {
  const count = useModuleCount(module);
  if (count.isPending) return <Loader size="xs" aria-label="Counting records" />;
  if (count.isSuccess) return <Text c="dimmed">{count.data.toLocaleString()} records</Text>;
  const { title, message, severity } = describeError(count.error);
  return (
    <Alert color={severity === 'warning' ? 'yellow' : 'red'} title={title} role="alert">
      {message}
    </Alert>
  );
}

/**
 * One module's workspace: the query (as JSON, starting from the module's starter query), Run,
 * and the answer. `runStarter` runs the starter query at once (the landing page's offer).
 */
export function Workspace({ module, runStarter }: { module: ModuleId; runStarter: boolean }) {
  const starter = STARTER_QUERIES[module];
  const [text, setText] = useState(() => formatQuery(starter.body));
  const [problem, setProblem] = useState<string>();
  const [submitted, setSubmitted] = useState<QueryBody | undefined>(
    runStarter ? starter.body : undefined,
  );
  const result = useQueryResult(submitted);

  const run = () => {
    const read = readQueryText(text, module);
    if (!read.ok) {
      // The text stays as typed: nothing the analyst wrote is thrown away.
      setProblem(read.message);
      return;
    }
    setProblem(undefined);
    if (JSON.stringify(read.body) === JSON.stringify(submitted)) void result.refetch();
    else setSubmitted(read.body);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {CATALOG[module].label}
        </Title>
        <ModuleCount module={module} />
      </Group>
      <Text c="dimmed">{CATALOG[module].summary}</Text>
      <Textarea
        label="Query (JSON)"
        description="Ctrl+Enter runs the query. The visual builder is on its way."
        autosize
        minRows={6}
        maxRows={14}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={text}
        error={problem}
        onChange={(event) => {
          setText(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            run();
          }
        }}
      />
      <Group gap="sm">
        <Button onClick={run}>Run query</Button>
        <Button
          variant="default"
          onClick={() => {
            setText(formatQuery(starter.body));
            setProblem(undefined);
          }}
        >
          Back to the starter query
        </Button>
        <Text size="sm" c="dimmed">
          Starter: {starter.description}
        </Text>
      </Group>
      <ResultsPreview result={result} fields={submitted?.filters?.fields} />
    </Stack>
  );
}
