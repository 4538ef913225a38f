import { Anchor, Kbd, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { SecurityView } from '../../features/thirteen-f/views/security-view.tsx';
import { ANALYSIS_LINK_VERSION } from '../../lib/url-state/analysis-links.ts';
import { ViewActions } from './view-actions.tsx';

const securityRoute = getRouteApi('/signed-in/security');

/** The view opened from the navigation, before any security: where to find one. */
function NoSecurityChosen() {
  return (
    <Stack gap="sm" maw={640}>
      <Title order={2}>A security across managers</Title>
      <Text>
        Type a ticker, CUSIP or issuer in the search box at the top (press <Kbd>/</Kbd>) and pick a
        security: its holders, what they bought and sold, quarter by quarter.
      </Text>
      <Text>
        Or open one from a 13F row’s details, a bar of the 13F charts, or{' '}
        <Anchor renderRoot={(props) => <Link to="/quarter" search={{ v: 1 }} {...props} />}>
          the quarter across managers
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/**
 * A security across managers (`/security?cusip=…&period=…`): the state rides in the URL, so
 * the view is a link, survives reload, and Back returns to the quarter shown before.
 */
export function SecurityPage() {
  const { cusip, period } = securityRoute.useSearch();
  const navigate = useNavigate();
  if (cusip === undefined) return <NoSecurityChosen />;
  return (
    <SecurityView
      cusip={cusip}
      period={period}
      actions={<ViewActions analysis={{ view: 'security', search: { v: 1, cusip, period } }} />}
      onPeriodChange={(next) => {
        void navigate({
          to: '/security',
          search: { v: ANALYSIS_LINK_VERSION, cusip, period: next },
        });
      }}
    />
  );
}
