import { Alert, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { ModuleId } from '#contract/catalog';
import { matchedAccountOf } from '#contract/relations';
import type { ServiceRecord } from '#contract/response';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LocalErrorBoundary } from '../../components/local-error-boundary.tsx';
import { RelatedQueriesMenu } from '../../components/related-queries.tsx';
import { SecurityViewLink } from '../../components/security-link.tsx';
import {
  useThirteenFNotesLoader,
  useThirteenFRowNotes,
} from '../thirteen-f/charts/use-row-notes.ts';
import { ResultsView } from '../results/results-panel.tsx';
import { useResultRows } from '../results/use-result-rows.ts';
import type { ResultRows } from '../results/use-result-rows.ts';
import type { QueryRequestBody } from '#contract/request-body';
import { SKIP_TARGETS, useSkipTarget } from '../../lib/focus/skip-targets.ts';
import type { RowFilter } from '../../lib/url-state/row-filter.ts';
import { pinnedScope, useFilerAccount } from '../thirteen-f/api/context-queries.ts';
import { useThirteenFResultScope, useThirteenFRowScope } from '../thirteen-f/api/row-scope.ts';
import type { RowScopeSource } from '../thirteen-f/api/row-scope.ts';
import type { ChartSettings, WorkspaceView } from '../../lib/url-state/workspace-view.ts';
import { ChangesHeadline } from '../thirteen-f/charts/changes-headline.tsx';
import { CountLine } from './count-line.tsx';
import { ResultSummary } from './result-summary.tsx';
import { PartialChartsNotice } from './partial-charts-notice.tsx';
import classes from './run-results.module.css';
import type { RunPhase } from './use-run-flow.ts';

/**
 * How the results are viewed (charts or not, client sort, columns, chart settings, a chart's
 * filter): kept by the workspace, which puts it in its link. Changes are patches.
 */
interface ViewProps {
  readonly view: WorkspaceView;
  readonly onViewChange: (patch: WorkspaceView) => void;
}

const NO_SETTINGS: ChartSettings = {};

// recharts and the chart code load only when a result is charted, never with the login page.
const ChartPanel = lazy(async () => ({
  default: (await import('./chart-panel.tsx')).ChartPanel,
}));

/** A 13F row's related queries: its matched account, from the row or fetched by filer. */
function RowRelatedQueries({ row, body }: { row: ServiceRecord; body: QueryRequestBody }) {
  const filer = typeof row.companyname === 'string' ? row.companyname : pinnedScope(body).filer;
  const { account, pending } = useFilerAccount(filer, matchedAccountOf(row));
  return (
    <Group gap="xs">
      <SecurityViewLink
        cusip={row.cusip}
        period={row.periodofreport ?? pinnedScope(body).period}
        label={row.ticker}
      />
      <RelatedQueriesMenu account={account} pending={pending} size="xs" />
    </Group>
  );
}

const ROW_SCOPE_NOTES: Partial<Record<RowScopeSource, string>> = {
  fetching: 'Fetching the filer, period and filing of each row (the query does not return them)…',
  // One line in the charts' column: it sits above the first chart, which must stay on screen.
  fetched: 'Filer, period and filing fetched for these rows.',
  failed: 'The filer and period of these rows could not be fetched: the charts cannot name them.',
  mismatch:
    'The filer and period could not be matched to these rows (the service answered other rows): the charts cannot name them.',
};

/** Says where the charts' filer and period came from when the rows do not carry them. */
function RowScopeNote({ source }: { source: RowScopeSource }) {
  const note = ROW_SCOPE_NOTES[source];
  if (note === undefined) return null;
  return (
    <Text size="xs" c={source === 'failed' || source === 'mismatch' ? 'orange.9' : 'dimmed'}>
      {note}
    </Text>
  );
}

/** The charts of a run's rows, behind a switch; a chart's click filters the table. */
function RunCharts({
  module,
  rows,
  body,
  results,
  scopeSource,
  view,
  onViewChange,
}: {
  module: ModuleId;
  rows: readonly ServiceRecord[];
  body: QueryRequestBody;
  /** The run's rows as loaded: the charts say when they are not all. */
  results: ResultRows;
  /** Where the rows' filer and period come from: the charts say when they were fetched. */
  scopeSource: RowScopeSource;
} & ViewProps) {
  const showCharts = view.mode !== 'table';
  const setRowFilter = useCallback(
    (filter: RowFilter) => {
      onViewChange({ filter });
    },
    [onViewChange],
  );
  // "Skip to charts" lands on this section, just before the switch and the chart tabs.
  useSkipTarget('charts');
  return (
    <Stack gap="xs" component="section" id={SKIP_TARGETS.charts} aria-label="Charts" tabIndex={-1}>
      <Switch
        size="sm"
        label="Charts"
        checked={showCharts}
        onChange={(event) => {
          onViewChange({ mode: event.currentTarget.checked ? 'chart' : 'table' });
        }}
      />
      {showCharts && <PartialChartsNotice results={results} />}
      {showCharts && <RowScopeNote source={scopeSource} />}
      {showCharts && (
        <LocalErrorBoundary>
          <Suspense
            fallback={
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">Loading the charts…</Text>
              </Group>
            }
          >
            <ChartPanel
              module={module}
              rows={rows}
              body={body}
              onFilter={setRowFilter}
              chosen={view.filter}
              settings={view.chart ?? NO_SETTINGS}
              onSettingsChange={(chart) => {
                onViewChange({ chart });
              }}
            />
          </Suspense>
        </LocalErrorBoundary>
      )}
    </Stack>
  );
}

/** One run's rows, read by the charts and the table alike; a chart's click filters the table. */
function RunRows({
  module,
  body,
  count,
  view,
  onViewChange,
}: {
  module: ModuleId;
  body: QueryRequestBody;
  count: number | undefined;
} & ViewProps) {
  const loaded = useResultRows(body, count);
  // 13F rows that do not say whose and when they are get both fetched, for charts and flags.
  const scoped = useThirteenFRowScope(
    module,
    loaded.rows,
    loaded.allLoaded ? loaded.body : loaded.pageBody,
  );
  const results = scoped.rows === loaded.rows ? loaded : { ...loaded, rows: scoped.rows };
  const everyRowLoaded = loaded.allLoaded || (loaded.offset === 0 && !loaded.more);
  const whose = useThirteenFResultScope(module, results.rows, body, everyRowLoaded);
  const notes = useThirteenFRowNotes(module, results.rows, body);
  const loadNotes = useThirteenFNotesLoader(module, body);
  const rows = results.rows;
  const tableView = useMemo(
    () => ({ sort: view.sort, hidden: view.hidden, order: view.order }),
    [view.sort, view.hidden, view.order],
  );
  const charted = rows !== undefined && rows.length > 0;
  return (
    <div className={classes.layout}>
      <CountLine count={count} loaded={rows?.length} scope={whose.scope} />
      <div
        className={`${classes.grid} ${charted && view.mode !== 'table' ? classes.withCharts : ''}`}
      >
        <div>
          {/*
           * The answer in words, over the table: on the first screen even where the charts fall
           * below it, and beside them (not above) where they share the screen, so the first
           * chart keeps its place.
           */}
          {module === '13f_holdings' && charted && (
            <ChangesHeadline rows={rows} body={body} settings={view.chart ?? NO_SETTINGS} />
          )}
          {module !== '13f_holdings' && charted && (
            <ResultSummary module={module} rows={rows} total={count} />
          )}
          <ResultsView
            module={module}
            results={results}
            rowFilter={view.filter}
            onClearRowFilter={() => {
              onViewChange({ filter: undefined });
            }}
            tableView={tableView}
            onTableViewChange={onViewChange}
            notes={notes}
            loadNotes={loadNotes}
            scopeColumns={whose.columns}
            returnedRows={loaded.rows}
            rowActions={
              module === '13f_holdings'
                ? (row) => <RowRelatedQueries row={row} body={body} />
                : undefined
            }
          />
        </div>
        {charted && (
          <RunCharts
            module={module}
            rows={rows}
            body={body}
            results={results}
            scopeSource={scoped.source}
            view={view}
            onViewChange={onViewChange}
          />
        )}
      </div>
    </div>
  );
}

/** What a run shows: counting, the question before a large pull, or its rows and charts. */
export function RunResults({
  module,
  run,
  view,
  onViewChange,
  stale,
}: {
  module: ModuleId;
  run: RunPhase;
  /** Set when the builder no longer says what was run: runs the query as it now stands. */
  stale?: (() => void) | undefined;
} & ViewProps) {
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
      {stale && <StaleNotice onRun={stale} />}
      <Stack gap="xs" style={stale ? { opacity: 0.55 } : undefined}>
        {/* A new run starts anew: its paging and loaded rows belong to the old query. */}
        <RunRows
          key={JSON.stringify(run.body)}
          module={module}
          body={run.body}
          count={run.count}
          view={view}
          onViewChange={onViewChange}
        />
      </Stack>
    </Stack>
  );
}

/** Above results that no longer answer the builder's query: say so, and offer to run it. */
function StaleNotice({ onRun }: { onRun: () => void }) {
  return (
    <Alert color="orange" variant="light" p="xs" role="status">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" fw={500}>
          Not the current query — Run to update. These results answer the query as last run.
        </Text>
        <Button size="xs" onClick={onRun}>
          Run the edited query
        </Button>
      </Group>
    </Alert>
  );
}
