import {
  Anchor,
  AppShell,
  Badge,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import { ModuleAccessGate } from '../../components/module-access-gate.tsx';
import { GlobalSearch } from '../../features/search/global-search.tsx';
import { useCompleteQuarter } from '../../features/thirteen-f/api/coverage-queries.ts';
import { ReloginDialog } from '../../features/session/relogin-dialog.tsx';
import { SessionEndingNotice, SessionTimeLeft } from '../../features/session/session-time.tsx';
import { useSession } from '../../features/session/use-session.ts';
import { ANALYSIS_LINK_VERSION } from '../../lib/url-state/analysis-links.ts';
import { useAppConfig } from '../../lib/api/app-config.ts';
import { useModuleCounts } from '../../lib/api/query-api.ts';
import { useRefusedModules } from '../../lib/api/use-refused-modules.ts';
import { useSidebarOpen } from './sidebar-choice.ts';
import { SkipToResult, SkipToWorkspace } from './skip-links.tsx';
import { useNavigationFocus } from './use-navigation-focus.ts';

/**
 * The current page's link: blue 9 text, and blue 1 under the pointer (where it rests after the
 * click). Mantine's defaults (blue 8 on a blue 2 hover) measure 3.6:1; these pass AA.
 */
const activeLinkVars = () => ({
  root: {
    '--nl-color': 'var(--mantine-color-blue-9)',
    '--nl-hover': 'var(--mantine-color-blue-1)',
  },
  children: {},
});

/** A refused module's mark in the list; its page says why and who can add it. */
const NOT_SUBSCRIBED = 'Not in your subscription';

/** The views across managers the navigation opens (a security's is opened from a security). */
const ANALYSIS_NAVIGATION = [
  { to: '/quarter', label: 'A quarter across managers' },
  { to: '/compare', label: 'Two managers side by side' },
  { to: '/security', label: 'A security’s holders' },
] as const;

function ModuleNavigation({ onNavigate, shown }: { onNavigate: () => void; shown: boolean }) {
  const refused = useRefusedModules();
  const { module: current } = useParams({ strict: false });
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    // Hidden, it slides off screen: inert, so Tab and screen readers do not reach it there.
    <AppShell.Navbar
      p="xs"
      component="nav"
      aria-label="Modules"
      id="module-navigation"
      inert={!shown}
    >
      {MODULE_IDS.map((id) => (
        <NavLink
          key={id}
          vars={activeLinkVars}
          label={CATALOG[id].label}
          active={id === current}
          description={refused.has(id) ? NOT_SUBSCRIBED : undefined}
          // Mantine fades the description on the active link's tint (below AA); full gray 8 reads.
          styles={{ description: { color: 'var(--mantine-color-gray-8)', opacity: 1 } }}
          onClick={onNavigate}
          renderRoot={(props) => <Link to="/q/$module" params={{ module: id }} {...props} />}
        />
      ))}
      <Divider my="xs" label="13F across managers" labelPosition="left" />
      {ANALYSIS_NAVIGATION.map((entry) => (
        <NavLink
          key={entry.to}
          vars={activeLinkVars}
          label={entry.label}
          active={pathname === entry.to}
          // These views read 13F holdings: closed with it, and marked so before they are opened.
          description={refused.has('13f_holdings') ? NOT_SUBSCRIBED : undefined}
          styles={{ description: { color: 'var(--mantine-color-gray-8)', opacity: 1 } }}
          onClick={onNavigate}
          renderRoot={(props) => (
            <Link to={entry.to} search={{ v: ANALYSIS_LINK_VERSION }} {...props} />
          )}
        />
      ))}
      <Divider my="xs" />
      <NavLink
        vars={activeLinkVars}
        label="Saved queries"
        active={pathname === '/saved'}
        onClick={onNavigate}
        renderRoot={(props) => <Link to="/saved" {...props} />}
      />
    </AppShell.Navbar>
  );
}

/** The views across managers read 13F holdings: closed with it, the reason said once. */
function AnalysisAccess({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const view = ANALYSIS_NAVIGATION.find((entry) => entry.to === pathname);
  if (view === undefined) return children;
  return (
    <ModuleAccessGate module="13f_holdings" heading={view.label}>
      {children}
    </ModuleAccessGate>
  );
}

/** Shows or hides the module list: one for wide screens, one for phone-sized ones. */
function SidebarToggle({
  open,
  onToggle,
  ...visibility
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  visibleFrom?: 'sm';
  hiddenFrom?: 'sm';
}) {
  return (
    <Burger
      size="sm"
      {...visibility}
      opened={open}
      onClick={() => {
        onToggle(!open);
      }}
      aria-label={open ? 'Hide the module list' : 'Show the module list'}
      aria-expanded={open}
      aria-controls="module-navigation"
    />
  );
}

/** The signed-in shell: module navigation, connection, user, token time left, sign out. */
/**
 * Asks every module's count once after sign-in, so a module the account lacks is marked in the
 * navigation, the home and the views before the analyst opens it. Its own component: the
 * answers re-render nothing else of the layout.
 */
function ModuleAccessProbe() {
  useModuleCounts();
  return null;
}

export function AppLayout() {
  const { tokens, signOut } = useSession();
  const appConfig = useAppConfig();
  const navigate = useNavigate();
  const leave = () => {
    signOut();
    void navigate({ to: '/login', search: {} });
  };
  // The module list gives its width to the results when hidden (see useSidebarOpen); a
  // phone-sized screen opens it over the page instead.
  const [sidebarOpen, setSidebarOpen] = useSidebarOpen();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Mantine's `sm` breakpoint, below which the list opens over the page instead.
  const phoneSized = useMediaQuery('(max-width: 48em)');
  useNavigationFocus('main');
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{
        width: 230,
        breakpoint: 'sm',
        collapsed: { desktop: !sidebarOpen, mobile: !mobileOpen },
      }}
      padding="md"
    >
      <ModuleAccessProbe />
      <SkipToWorkspace />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <SidebarToggle open={sidebarOpen} onToggle={setSidebarOpen} visibleFrom="sm" />
            <SidebarToggle open={mobileOpen} onToggle={setMobileOpen} hiddenFrom="sm" />
            <Anchor
              fw={700}
              c="var(--mantine-color-text)"
              underline="hover"
              renderRoot={(props) => <Link to="/" {...props} />}
            >
              Marketplace analyst dashboard
            </Anchor>
            <GlobalSearch useCompleteQuarter={useCompleteQuarter} />
            <SkipToResult />
          </Group>
          <Group gap="sm">
            <Badge variant="light" color={appConfig.mode === 'embedded' ? 'gray' : 'blue'}>
              {appConfig.mode === 'embedded' ? 'Embedded demo service' : appConfig.upstreamHost}
            </Badge>
            <Text size="sm">{tokens?.username}</Text>
            {tokens && <SessionTimeLeft tokens={tokens} />}
            <Button variant="default" size="xs" onClick={leave}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <ModuleNavigation
        shown={phoneSized ? mobileOpen : sidebarOpen}
        onNavigate={() => {
          setMobileOpen(false);
        }}
      />
      <AppShell.Main component="main" id="main" tabIndex={-1}>
        <AnalysisAccess>
          <Outlet />
        </AnalysisAccess>
      </AppShell.Main>
      <ReloginDialog onSignOut={leave} />
      <SessionEndingNotice />
    </AppShell>
  );
}
