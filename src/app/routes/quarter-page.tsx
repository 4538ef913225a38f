import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { QuarterView } from '../../features/thirteen-f/views/quarter-view.tsx';
import { ANALYSIS_LINK_VERSION } from '../../lib/url-state/analysis-links.ts';
import { ViewActions } from './view-actions.tsx';

const quarterRoute = getRouteApi('/signed-in/quarter');

/**
 * A quarter across managers (`/quarter?v=1&period=…&managers=…`): the state rides in the URL,
 * so the view is a link, survives reload, and Back returns to the quarter and managers before.
 */
export function QuarterPage() {
  const search = quarterRoute.useSearch();
  const navigate = useNavigate();
  return (
    <QuarterView
      state={search}
      actions={<ViewActions analysis={{ view: 'quarter', search }} />}
      onChange={(next) => {
        void navigate({
          to: '/quarter',
          search: {
            v: ANALYSIS_LINK_VERSION,
            ...(next.period ? { period: next.period } : {}),
            ...(next.managers && next.managers.length > 0 ? { managers: [...next.managers] } : {}),
          },
        });
      }}
    />
  );
}
