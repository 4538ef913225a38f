import { Alert, Button, CloseButton, FileButton, Group, List, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { downloadBlob } from '../../lib/format/download.ts';
import { follows, useFollows } from '../../lib/follows/use-follows.ts';
import { MAX_FOLLOWS } from '../../lib/follows/follows-store.ts';
import {
  exportFileName,
  exportQueries,
  importQueries,
  MAX_IMPORT_CHARACTERS,
} from './saved-queries-file.ts';
import type { ImportReport } from './saved-queries-file.ts';
import type { SavedQuery } from './saved-queries.ts';
import { savedQueries } from './use-saved-queries.ts';

/** What the last import did, or why it could not be kept. */
type Outcome =
  | {
      readonly kind: 'report';
      readonly fileName: string;
      readonly report: ImportReport;
      /** Follows the file added to the analyst's (those already followed are not counted). */
      readonly followsAdded: number;
      /** The file's follows the analyst followed already. */
      readonly followsAlready: number;
    }
  | { readonly kind: 'failed'; readonly fileName: string; readonly message: string };

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function ImportReportAlert({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const close = <CloseButton aria-label="Dismiss the import report" onClick={onClose} />;
  if (outcome.kind === 'failed') {
    return (
      <Alert
        color="red"
        title={`Import of ${outcome.fileName}`}
        role="alert"
        withCloseButton={false}
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">{outcome.message}</Text>
          {close}
        </Group>
      </Alert>
    );
  }
  const { report, followsAdded, followsAlready } = outcome;
  const failed =
    report.added === 0 &&
    report.skippedDuplicates === 0 &&
    followsAdded === 0 &&
    report.problems.length > 0;
  return (
    <Alert
      color={failed ? 'red' : report.problems.length > 0 ? 'yellow' : 'green'}
      title={`Import of ${outcome.fileName}`}
      role="status"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <List size="sm" spacing={2}>
          <List.Item>{plural(report.added, 'query added', 'queries added')}</List.Item>
          <List.Item>
            {plural(report.skippedDuplicates, 'duplicate skipped', 'duplicates skipped')} (already
            saved)
          </List.Item>
          <List.Item>
            {plural(followsAdded, 'follow added', 'follows added')}
            {followsAlready > 0
              ? ` (${plural(followsAlready, 'was', 'were')} followed already)`
              : ''}
          </List.Item>
          {report.renamed.map(({ from, to }) => (
            <List.Item key={to}>
              Renamed “{from}” to “{to}”: that name was taken
            </List.Item>
          ))}
          {report.problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
        {close}
      </Group>
    </Alert>
  );
}

/**
 * "Export queries and follows" to a JSON file and "Import…" from one, with what the import did:
 * the stars travel with the queries, so a new browser or machine gets both back.
 */
/**
 * The report of an import whose queries are stored, after its follows are merged. Nothing to
 * merge is no write (a full storage must not fail an import of queries alone); follows the list
 * could not take are said, not dropped in silence.
 */
function withFollowsMerged(fileName: string, report: ImportReport): Outcome {
  const merged = report.follows.length > 0 ? follows.merge(report.follows) : { ok: true as const };
  if (!merged.ok) {
    const problems = [...report.problems, merged.message];
    return {
      kind: 'report',
      fileName,
      report: { ...report, problems },
      followsAdded: 0,
      followsAlready: 0,
    };
  }
  const full = merged.full ?? 0;
  const problems =
    full > 0
      ? [
          ...report.problems,
          `${plural(full, 'follow was', 'follows were')} not imported: the list holds at most ${String(MAX_FOLLOWS)}. Stop following some, then import the file again.`,
        ]
      : report.problems;
  return {
    kind: 'report',
    fileName,
    report: { ...report, problems },
    followsAdded: merged.added ?? 0,
    followsAlready: merged.already ?? 0,
  };
}

export function ImportExport({ queries }: { queries: readonly SavedQuery[] }) {
  const [outcome, setOutcome] = useState<Outcome>();
  const resetFile = useRef<() => void>(null);
  const followed = useFollows();

  const exportAll = () => {
    const now = new Date();
    const blob = new Blob([exportQueries(queries, now, followed)], { type: 'application/json' });
    downloadBlob(blob, exportFileName(now));
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    // Cleared so that picking the same file again (to see it skipped) fires a change.
    resetFile.current?.();
    // Checked before reading: a stray video must not be loaded into memory to be refused.
    if (file.size > MAX_IMPORT_CHARACTERS * 4) {
      const message = 'This file is too large to be a saved-queries export.';
      setOutcome({ kind: 'failed', fileName: file.name, message });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ kind: 'failed', fileName: file.name, message: 'The file could not be read.' });
      return;
    }
    let report: ImportReport | undefined;
    const written = savedQueries.update((list) => {
      report = importQueries(list, text);
      return report.next;
    });
    if (!written.ok || !report) {
      const message = written.ok ? 'Nothing was imported.' : written.message;
      setOutcome({ kind: 'failed', fileName: file.name, message });
      return;
    }
    setOutcome(withFollowsMerged(file.name, report));
  };

  return (
    <>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={exportAll}
          disabled={queries.length === 0 && followed.length === 0}
        >
          Export queries and follows
        </Button>
        <FileButton
          accept="application/json,.json"
          resetRef={resetFile}
          inputProps={{ 'aria-label': 'Saved queries and follows file to import' }}
          onChange={(file) => {
            void importFile(file);
          }}
        >
          {(props) => (
            <Button variant="default" {...props}>
              Import…
            </Button>
          )}
        </FileButton>
      </Group>
      {outcome && (
        <ImportReportAlert
          outcome={outcome}
          onClose={() => {
            setOutcome(undefined);
          }}
        />
      )}
    </>
  );
}
