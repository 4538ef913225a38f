import { AppShell, Badge, Button, Group, NavLink, Text } from '@mantine/core';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CATALOG, MODULE_IDS } from '#contract/catalog';
import { useSession } from '../../features/session/use-session.ts';
import { useAppConfig } from '../../lib/app-config.ts';

function useMinutesLeft(expiresAt: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 15_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return expiresAt === undefined ? undefined : Math.max(0, Math.round((expiresAt - now) / 60_000));
}

/** The signed-in shell: module navigation, connection, user, token time left, sign out. */
export function AppLayout() {
  const { tokens, signOut } = useSession();
  const appConfig = useAppConfig();
  const navigate = useNavigate();
  const minutesLeft = useMinutesLeft(tokens?.expiresAt);
  return (
    <AppShell header={{ height: 52 }} navbar={{ width: 230, breakpoint: 'sm' }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Text fw={700} component={Link} to="/">
            Marketplace analyst dashboard
          </Text>
          <Group gap="sm">
            <Badge variant="light" color={appConfig.mode === 'embedded' ? 'gray' : 'blue'}>
              {appConfig.mode === 'embedded' ? 'Embedded demo service' : appConfig.upstreamHost}
            </Badge>
            <Text size="sm">{tokens?.username}</Text>
            {minutesLeft !== undefined && (
              <Text size="sm" c="dimmed" aria-label="Session time left">
                {minutesLeft} min left
              </Text>
            )}
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                signOut();
                void navigate({ to: '/login', search: {} });
              }}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Modules">
        {MODULE_IDS.map((id) => (
          <NavLink
            key={id}
            label={CATALOG[id].label}
            renderRoot={(props) => <Link to="/q/$module" params={{ module: id }} {...props} />}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main component="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
