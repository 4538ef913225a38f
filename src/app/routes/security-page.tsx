import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { SecurityView } from '../../features/charts/thirteen-f/security-view.tsx';

const securityRoute = getRouteApi('/signed-in/security');

/**
 * A security across managers (`/security?cusip=…&period=…`): the state rides in the URL, so
 * the view is a link, survives reload, and Back returns to the quarter shown before.
 */
export function SecurityPage() {
  const { cusip, period } = securityRoute.useSearch();
  const navigate = useNavigate();
  return (
    <SecurityView
      cusip={cusip}
      period={period}
      onPeriodChange={(next) => {
        void navigate({ to: '/security', search: { cusip, period: next } });
      }}
    />
  );
}
