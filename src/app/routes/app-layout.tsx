import { Anchor, AppShell, Badge, Button, Divider, Group, NavLink, Text } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import { ReloginDialog } from '../../features/session/relogin-dialog.tsx';
import { useSession } from '../../features/session/use-session.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import classes from './skip-link.module.css';
import { useRefusedModules } from './use-refused-modules.ts';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}

function SessionTimeLeft({ expiresAt }: { expiresAt: number }) {
  const now = useNow(5_000);
  const minutes = Math.round((expiresAt - now) / 60_000);
  return (
    <Text size="sm" c={minutes <= 5 ? 'orange.8' : 'dimmed'} aria-label="Session time left">
      {expiresAt <= now ? 'Session ended' : `${String(Math.max(1, minutes))} min left`}
    </Text>
  );
}

function ModuleNavigation() {
  const refused = useRefusedModules();
  const { module: current } = useParams({ strict: false });
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <AppShell.Navbar p="xs" component="nav" aria-label="Modules">
      {MODULE_IDS.map((id) => (
        <NavLink
          key={id}
          label={CATALOG[id].label}
          active={id === current}
          description={refused.has(id) ? 'Not in your subscription' : undefined}
          rightSection={
            refused.has(id) ? (
              <Badge size="xs" color="gray" variant="light">
                Unavailable
              </Badge>
            ) : undefined
          }
          renderRoot={(props) => <Link to="/q/$module" params={{ module: id }} {...props} />}
        />
      ))}
      <Divider my="xs" />
      <NavLink
        label="Saved queries"
        active={pathname === '/saved'}
        renderRoot={(props) => <Link to="/saved" {...props} />}
      />
    </AppShell.Navbar>
  );
}

/** The signed-in shell: module navigation, connection, user, token time left, sign out. */
export function AppLayout() {
  const { tokens, signOut } = useSession();
  const appConfig = useAppConfig();
  const navigate = useNavigate();
  const leave = () => {
    signOut();
    void navigate({ to: '/login', search: {} });
  };
  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 230, breakpoint: 'sm' }} padding="md">
      <a
        href="#main"
        className={classes.skipLink}
        onClick={(event) => {
          // Focus moves without touching the fragment: it carries the workspace's link state.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to the workspace
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor
            fw={700}
            c="var(--mantine-color-text)"
            underline="hover"
            renderRoot={(props) => <Link to="/" {...props} />}
          >
            Marketplace analyst dashboard
          </Anchor>
          <Group gap="sm">
            <Badge variant="light" color={appConfig.mode === 'embedded' ? 'gray' : 'blue'}>
              {appConfig.mode === 'embedded' ? 'Embedded demo service' : appConfig.upstreamHost}
            </Badge>
            <Text size="sm">{tokens?.username}</Text>
            {tokens && <SessionTimeLeft expiresAt={tokens.expiresAt} />}
            <Button variant="default" size="xs" onClick={leave}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <ModuleNavigation />
      <AppShell.Main component="main" id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <ReloginDialog onSignOut={leave} />
    </AppShell>
  );
}
