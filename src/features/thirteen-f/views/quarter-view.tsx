import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { PullStatus } from './pull-status.tsx';
import { ViewHeader } from './view-header.tsx';
import { quarterBody } from '../api/across-managers-queries.ts';
import { ANALYSIS_LINK_VERSION } from '../../../lib/url-state/analysis-links.ts';
import { fetchedSentence, useBoundedPull } from '../api/bounded-pull.ts';
import { formatDay } from '../../../lib/format/dates.ts';
import { useFieldValues } from '../../../lib/api/field-values.ts';
import { quarterAcrossManagers } from '../analytics/across-managers.ts';
import { isDataQualityDemo } from '#contract/demo-filers';
import { toPositions } from '../analytics/positions.ts';
import type { Position } from '../analytics/positions.ts';
import { QuarterLists } from './quarter-lists.tsx';
import { CoverageNote } from './coverage-note.tsx';
import { useOpeningQuarter } from '../api/coverage-queries.ts';
import type { QuartersCoverage } from '../api/coverage-queries.ts';

/** How many securities (or new positions) each list shows. */
const LIST_LENGTH = 15;

/** The quarter view's state, as its URL carries it. */
export interface QuarterState {
  readonly period?: string | undefined;
  readonly managers?: readonly string[] | undefined;
}

/** The managers filter: every filer of the quarter, searchable; none picked means all. */
function ManagerPicker({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: readonly string[];
  onChange: (managers: string[]) => void;
}) {
  return (
    <MultiSelect
      label="Managers"
      placeholder={value.length === 0 ? 'All managers' : undefined}
      data={[...new Set([...options, ...value])].sort((a, b) => a.localeCompare(b))}
      value={[...value]}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No manager of that name"
      w={{ base: '100%', sm: 420 }}
      maxDropdownHeight={320}
    />
  );
}

/**
 * The quarter's rows: the whole quarter, or, when that is too large to read, the picked
 * managers' rows only. `tooLarge` says the whole quarter could not be read.
 */
function useQuarterRows(period: string | null, managers: readonly string[]) {
  const whole = useBoundedPull(period === null ? null : quarterBody(period));
  const tooLarge = whole.pull.state === 'too-large';
  const narrowed = useBoundedPull(
    period !== null && tooLarge && managers.length > 0 ? quarterBody(period, managers) : null,
  );
  const reading = tooLarge && managers.length > 0 ? narrowed : whole;
  return { reading, tooLarge, narrowedRead: reading === narrowed };
}

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
      data={periods.map((end) => ({ value: end, label: quarterLabel(end, coverage) }))}
      onChange={(next) => {
        if (next) onChange(next);
      }}
    />
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
 * The quarter's filers, those its lists count (the picked ones; else all but the planted
 * data-quality filer, which is no manager: see demo-filers.ts), as a set for the lists.
 */
function useQuarterManagers(positions: readonly Position[], managers: readonly string[]) {
  const filers = useMemo(
    () => [...new Set(positions.map((position) => position.filer))].sort(),
    [positions],
  );
  const managersCounted = useMemo(
    () =>
      managers.length > 0 ? [...managers] : filers.filter((filer) => !isDataQualityDemo(filer)),
    [filers, managers],
  );
  const picked = useMemo(() => new Set(managersCounted), [managersCounted]);
  return { filers, managersCounted, picked };
}

/**
 * A quarter across managers: the securities most managers bought and sold, the most held
 * (consensus) and the largest new positions, for every manager or a set the analyst picks; each
 * bar opens the security's view. The whole quarter is read through the query interface (counted
 * first, bounded); a quarter too large to read asks for managers, and only theirs is read then.
 */
export function QuarterView({
  state,
  onChange,
  actions,
}: {
  state: QuarterState;
  onChange: (next: QuarterState) => void;
  /** The page's actions on the view (save, copy link), beside its title. */
  actions?: ReactNode;
}) {
  const { periods, opening, coverage } = useOpeningQuarter();
  const period = state.period ?? opening;
  const covered = period === null ? undefined : coverage.coverageOf(period);
  const managers = useMemo(() => state.managers ?? [], [state.managers]);

  const { reading, tooLarge, narrowedRead } = useQuarterRows(period, managers);
  const { pull } = reading;
  const rows = pull.state === 'done' ? pull.rows : null;
  const positions = useMemo(() => toPositions(rows ?? []), [rows]);
  const { filers, managersCounted, picked } = useQuarterManagers(positions, managers);
  // The filers of the whole data, for the Managers box only when the quarter could not be read.
  const knownFilers = useFieldValues('13f_holdings', 'companyname', tooLarge);
  const lists = useMemo(
    () =>
      period === null
        ? null
        : quarterAcrossManagers(positions, period, { managers: picked, limit: LIST_LENGTH }),
    [positions, period, picked],
  );

  const picker = (
    <ManagerPicker
      options={tooLarge ? (knownFilers?.values ?? []) : filers}
      value={managers}
      onChange={(next) => {
        // The quarter shown goes into the state (and the link) with the pick: a link shared
        // later must not open another quarter once a newer one is complete.
        onChange({ ...state, period: period ?? undefined, managers: next });
      }}
    />
  );
  return (
    <Stack gap="md">
      <ViewHeader
        title={`The quarter across managers${period ? ` — ${formatDay(period)}` : ''}`}
        subtitle={
          <>
            What the managers bought, sold and hold, from every 13F row of the quarter
            {pull.state === 'done'
              ? `: ${fetchedSentence(pull)}, ${String(managersCounted.length)} ${managersCounted.length === 1 ? 'manager' : 'managers'}`
              : ''}
            .
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
        <CompareButton managers={managers} period={period} />
      </Group>
      <CoverageNote coverage={covered} />
      {period !== null && (
        <PullStatus
          pull={pull}
          what={`the 13F rows of ${formatDay(period)}${narrowedRead ? ' for the managers picked' : ''}`}
          onCancel={reading.cancel}
          onRetry={reading.retry}
          narrow={picker}
        />
      )}
      {lists && pull.state === 'done' && <QuarterLists lists={lists} period={period} />}
    </Stack>
  );
}
