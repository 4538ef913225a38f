import { useEffect, useMemo, useState } from 'react';

/** Beyond this many rows, a chart's aggregation runs in a task of its own. */
export const HEAVY_ROWS = 20_000;

/**
 * `compute(input)`, at once for a light input, or for a heavy one in a later task of its own
 * (undefined until then): a 100,000-row result then arrives as several main-thread tasks (the
 * table, this aggregation, the chart's drawing) instead of one long enough to freeze the page.
 * `compute` must be a stable function (module level), `input` memoised by the caller.
 */
export function useBackgroundValue<I, O>(
  input: I,
  compute: (input: I) => O,
  heavy: boolean,
): O | undefined {
  const immediate = useMemo(() => (heavy ? undefined : compute(input)), [heavy, compute, input]);
  const [done, setDone] = useState<{ readonly input: I; readonly output: O }>();
  useEffect(() => {
    if (!heavy) return undefined;
    const timer = setTimeout(() => {
      setDone({ input, output: compute(input) });
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [heavy, compute, input]);
  if (!heavy) return immediate;
  return done?.input === input ? done.output : undefined;
}
