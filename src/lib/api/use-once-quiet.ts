import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Queries that wait for quiet do not count as noise themselves. */
const NOT_NOISE = new Set<unknown>(['module-count']);

/**
 * True from the moment the page's own queries have settled (none in flight `least` ms after
 * mount), or `most` ms after mount whatever is in flight; then true for good. For requests the
 * analyst is not waiting for, so they do not queue ahead of the page's at the service, which
 * answers a sign-in's queries two at a time.
 */
export function useOnceQuiet({ least = 300, most = 2000 } = {}): boolean {
  const fetching = useIsFetching({ predicate: (query) => !NOT_NOISE.has(query.queryKey[0]) });
  const [phase, setPhase] = useState<'early' | 'waiting' | 'late'>('early');
  const [quiet, setQuiet] = useState(false);
  useEffect(() => {
    const waiting = setTimeout(() => {
      setPhase('waiting');
    }, least);
    const late = setTimeout(() => {
      setPhase('late');
    }, most);
    return () => {
      clearTimeout(waiting);
      clearTimeout(late);
    };
  }, [least, most]);
  // Once quiet, quiet for good: later queries of the page must not hold back what was asked.
  const settled = phase === 'late' || (phase === 'waiting' && fetching === 0);
  if (settled && !quiet) setQuiet(true);
  return quiet || settled;
}
