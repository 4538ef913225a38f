import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useFollowedKeys } from '../../../lib/follows/use-follows.ts';
import { PullStatus } from './pull-status.tsx';
import { ViewHeader } from './view-header.tsx';
import { ANALYSIS_LINK_VERSION, MAX_MANAGERS } from '../../../lib/url-state/analysis-links.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { formatCount } from '../../../components/charts/chart-format.ts';
import { QuarterLists } from './quarter-lists.tsx';
import { EmptyQuarter } from './empty-quarter.tsx';
import { CoverageNote } from './coverage-note.tsx';
import {
  useNearestFiledQuarters,
  useOpeningQuarter,
  useShownCoverage,
} from '../api/coverage-queries.ts';
import type { QuartersCoverage } from '../api/coverage-queries.ts';
import { defaultSource } from '../api/aggregate-queries.ts';
import type { ViewSource } from '../api/aggregate-queries.ts';
import { useQuarterReading } from './quarter-reading.ts';

/** How many securities (or new positions) each list shows. */
const LIST_LENGTH = 15;

/** The quarter view's state, as its URL carries it. */
export interface QuarterState {
  readonly period?: string | undefined;
  readonly managers?: readonly string[] | undefined;
}

/** Filer names in the reader's order, as `localeCompare` sorts them, without its cost a call. */
const byName = new Intl.Collator().compare;

/**
 * The managers filter: every filer of the quarter, searchable; none picked means all. Memoised:
 * MultiSelect parses its options again at every render, and at 8,000 filers that took most of
 * a second of the main thread while the quarter view's reads landed one by one.
 */
const ManagerPicker = memo(function ManagerPicker({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: readonly string[];
  onChange: (managers: string[]) => void;
}) {
  const data = useMemo(() => [...new Set([...options, ...value])].sort(byName), [options, value]);
  const picked = useMemo(() => [...value], [value]);
  return (
    <MultiSelect
      label="Managers"
      placeholder={value.length === 0 ? 'All managers' : undefined}
      data={data}
      value={picked}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No manager of that name"
      w={{ base: '100%', sm: 420 }}
      maxDropdownHeight={320}
    />
  );
});

/** A quarter in the picker: its day, and "incomplete" when its coverage is known to be. */
function quarterLabel(end: string, coverage: QuartersCoverage): string {
  const covered = coverage.coverageOf(end);
  return covered !== undefined && !covered.complete
    ? `${formatDay(end)} (incomplete)`
    : formatDay(end);
}

/** The quarter picked, from every quarter the data spans, incomplete ones said so. */
function QuarterPicker({
  periods,
  value,
  coverage,
  onChange,
}: {
  periods: readonly string[];
  value: string | null;
  coverage: QuartersCoverage;
  onChange: (period: string) => void;
}) {
  return (
    <Select
      label="Quarter"
      w={200}
      allowDeselect={false}
      value={value}
      // A quarter outside the data (an empty one asked by link) is no option: named, greyed.
      placeholder={value !== null && !periods.includes(value) ? formatDay(value) : undefined}
      data={periods.map((end) => ({ value: end, label: quarterLabel(end, coverage) }))}
      onChange={(next) => {
        if (next) onChange(next);
      }}
    />
  );
}

/**
 * Picks the managers the analyst follows (starred anywhere), in one click: the quarter narrowed
 * to their book. Nothing until one is followed; said as picked when they are the pick.
 */
function FollowedPick({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (managers: string[]) => void;
}) {
  const all = useFollowedKeys('filer');
  if (all.length === 0) return null;
  // A link narrows to at most MAX_MANAGERS: past that, the first followed, and the button says so.
  const followed = all.slice(0, MAX_MANAGERS);
  const picked = followed.length === value.length && followed.every((key) => value.includes(key));
  const label =
    all.length > MAX_MANAGERS
      ? `First ${String(MAX_MANAGERS)} of the ${String(all.length)} managers you follow`
      : `Managers you follow (${String(all.length)})`;
  return (
    <Button
      variant="subtle"
      leftSection={
        <Text span c="yellow.7" aria-hidden="true">
          ★
        </Text>
      }
      disabled={picked}
      onClick={() => {
        onChange([...followed]);
      }}
    >
      {picked ? 'The managers you follow' : label}
    </Button>
  );
}

/** Opens the comparison of the two managers picked; says what it needs until there are two. */
function CompareButton({
  managers,
  period,
}: {
  managers: readonly string[];
  period: string | null;
}) {
  const navigate = useNavigate();
  const [a, b] = managers;
  const two = managers.length === 2 && a !== undefined && b !== undefined;
  return (
    <Stack gap={2}>
      <Button
        variant="default"
        disabled={!two}
        onClick={() => {
          if (two && period !== null)
            void navigate({ to: '/compare', search: { v: ANALYSIS_LINK_VERSION, a, b, period } });
        }}
      >
        Compare the two managers
      </Button>
      {!two && (
        <Text size="xs" c="dimmed">
          Pick two managers to compare them.
        </Text>
      )}
    </Stack>
  );
}

/**
 * A quarter across managers: the securities most managers bought and sold, the most held
 * (consensus) and the largest new positions, for every manager or a set the analyst picks; each
 * bar opens the security's view. Every manager's lists come from the service's aggregates where
 * it serves them (at any scale); else the whole quarter's rows are read through the query
 * interface (counted first, bounded), and a quarter too large to read asks for managers. Picked
 * managers' lists come from their rows alone.
 */
export function QuarterView({
  state,
  onChange,
  actions,
  source = defaultSource(),
}: {
  state: QuarterState;
  onChange: (next: QuarterState) => void;
  /** The page's actions on the view (save, copy link), beside its title. */
  actions?: ReactNode;
  /** Where it reads: the service's aggregates where it serves them, else rows. */
  source?: ViewSource;
}) {
  const { periods, opening, coverage } = useOpeningQuarter(true, source, state.period);
  const period = state.period ?? opening;
  const covered = useShownCoverage(coverage, period);
  const managers = useMemo(() => state.managers ?? [], [state.managers]);
  const reading = useQuarterReading(period, managers, LIST_LENGTH, source);
  const { pull, lists, tooLarge } = reading;

  const pick = useCallback(
    (next: string[]) => {
      // The quarter shown goes into the state (and the link) with the pick: a link shared
      // later must not open another quarter once a newer one is complete.
      onChange({ ...state, period: period ?? undefined, managers: next });
    },
    [onChange, state, period],
  );
  const picker = <ManagerPicker options={reading.filers} value={managers} onChange={pick} />;
  // No manager filed the quarter (one outside the data, or a gap in it): a sentence, not charts.
  const empty = managers.length === 0 && reading.counted === 0;
  const nearest = useNearestFiledQuarters(
    period,
    periods,
    source,
    empty && lists !== null && pull.state === 'done',
  );
  const counted = `${formatCount(reading.counted)} ${reading.counted === 1 ? 'manager' : 'managers'}`;
  return (
    <Stack gap="md">
      <ViewHeader
        title={`The quarter across managers${period ? ` — ${formatDay(period)}` : ''}`}
        subtitle={
          <>
            What the managers bought, sold and hold, from every 13F row of the quarter
            {reading.readWith === null ? '' : `: ${reading.readWith}, ${counted}`}.
          </>
        }
        actions={actions}
      />
      <Group align="flex-end" wrap="wrap">
        <QuarterPicker
          periods={periods}
          value={period}
          coverage={coverage}
          onChange={(next) => {
            onChange({ ...state, period: next });
          }}
        />
        {!tooLarge && picker}
        <FollowedPick value={managers} onChange={pick} />
        <CompareButton managers={managers} period={period} />
      </Group>
      <CoverageNote coverage={covered} />
      {period !== null && (
        <PullStatus
          pull={pull}
          what={reading.what}
          onCancel={reading.cancel}
          onRetry={reading.retry}
          narrow={picker}
        />
      )}
      {lists &&
        pull.state === 'done' &&
        (empty && period !== null ? (
          <EmptyQuarter period={period} nearest={nearest ?? undefined} />
        ) : (
          <QuarterLists lists={lists} period={period} />
        ))}
    </Stack>
  );
}
