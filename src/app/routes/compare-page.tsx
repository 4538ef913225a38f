import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CompareView } from '../../features/thirteen-f/views/compare-view.tsx';
import { ANALYSIS_LINK_VERSION } from '../../lib/url-state/analysis-links.ts';
import { ViewActions } from './view-actions.tsx';

const compareRoute = getRouteApi('/signed-in/compare');

/** Two managers side by side (`/compare?v=1&a=…&b=…&period=…`): a link, as the other views. */
export function ComparePage() {
  const search = compareRoute.useSearch();
  const navigate = useNavigate();
  return (
    <CompareView
      state={search}
      // Nothing to save or share until both managers are picked.
      actions={
        search.a && search.b ? <ViewActions analysis={{ view: 'compare', search }} /> : undefined
      }
      onChange={(next) => {
        void navigate({
          to: '/compare',
          search: {
            v: ANALYSIS_LINK_VERSION,
            ...(next.a ? { a: next.a } : {}),
            ...(next.b ? { b: next.b } : {}),
            ...(next.period ? { period: next.period } : {}),
          },
        });
      }}
    />
  );
}
