import { SimpleGrid } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useState } from 'react';
import { ANALYSIS_LINK_VERSION } from '../../../lib/url-state/analysis-links.ts';
import { PRIMARY } from '../../../components/charts/colors.ts';
import { STATUS_COLORS } from '../charts/status-colors.ts';
import type { QuarterAcrossManagers } from '../analytics/across-managers.ts';
import { NewPositionsChart, RankedSecuritiesChart } from './quarter-charts.tsx';

/**
 * `value` for each of `count` charts, handed over one chart per task: on first render only the
 * first chart has it (the rest are not drawn yet), and when it changes the charts take the new
 * value one after the other. Five charts drawn in one render blocked the main thread for up to
 * 220 ms on the demo data (the charts bench); one per task, none blocks it for long.
 */
function useOneChartPerTask<T>(value: T, count: number): readonly (T | undefined)[] {
  const [values, setValues] = useState<readonly (T | undefined)[]>(() =>
    Array.from({ length: count }, (_, index) => (index === 0 ? value : undefined)),
  );
  const next = values.findIndex((held) => held !== value);
  useEffect(() => {
    if (next < 0) return undefined;
    const timer = setTimeout(() => {
      setValues((held) => held.map((old, index) => (index === next ? value : old)));
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [next, value]);
  return values;
}

/** The quarter's five lists, in the order they are drawn. */
const LISTS = ['bought', 'sold', 'consensus', 'newByValue', 'newByWeight'] as const;

/** One of the quarter's lists as its chart; memoised, so it redraws only when its lists change. */
const QuarterChart = memo(function QuarterChart({
  list,
  lists,
  onOpen,
}: {
  list: (typeof LISTS)[number];
  lists: QuarterAcrossManagers;
  onOpen: (entry: { readonly cusip: string }) => void;
}) {
  switch (list) {
    case 'bought':
      return (
        <RankedSecuritiesChart
          title="Most bought"
          verb="bought"
          notes={['Securities by the number of managers that opened (NEW) or added to them.']}
          entries={lists.mostBought}
          color={STATUS_COLORS.NEW}
          valueColumn="Combined value (USD)"
          onOpen={onOpen}
        />
      );
    case 'sold':
      return (
        <RankedSecuritiesChart
          title="Most sold"
          verb="sold"
          notes={[
            'Securities by the number of managers that sold out of (SOLD OUT) or reduced them.',
          ]}
          entries={lists.mostSold}
          color={STATUS_COLORS['SOLD OUT']}
          valueColumn="Combined value still held (USD)"
          onOpen={onOpen}
        />
      );
    case 'consensus':
      return (
        <RankedSecuritiesChart
          title="Consensus: held by the most managers"
          verb="hold"
          notes={['Securities by the number of managers holding them, with their combined value.']}
          entries={lists.consensus}
          color={PRIMARY}
          valueColumn="Combined value (USD)"
          onOpen={onOpen}
        />
      );
    case 'newByValue':
      return (
        <NewPositionsChart
          by="value"
          entries={lists.largestNewByValue}
          color={STATUS_COLORS.NEW}
          onOpen={onOpen}
        />
      );
    case 'newByWeight':
      return (
        <NewPositionsChart
          by="weight"
          entries={lists.largestNewByWeight}
          // NEW positions, by weight: NEW's colour, as in every chart (ADDED's had read as NEW).
          color={STATUS_COLORS.NEW}
          onOpen={onOpen}
        />
      );
  }
});

/** The quarter's five lists, each a chart whose bars open the security's view. */
export function QuarterLists({
  lists,
  period,
}: {
  lists: QuarterAcrossManagers;
  period: string | null;
}) {
  const navigate = useNavigate();
  const onOpen = useCallback(
    ({ cusip }: { readonly cusip: string }) => {
      void navigate({
        to: '/security',
        search: { v: ANALYSIS_LINK_VERSION, cusip, ...(period ? { period } : {}) },
      });
    },
    [navigate, period],
  );
  const drawn = useOneChartPerTask(lists, LISTS.length);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {LISTS.map((list, index) => {
        const shown = drawn[index];
        return shown ? <QuarterChart key={list} list={list} lists={shown} onOpen={onOpen} /> : null;
      })}
    </SimpleGrid>
  );
}
