import { Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SessionTokens } from '../../lib/session/token-session.ts';
import { formatTimeLeft, sessionEndsAt, WARNING_MS } from './session-end.ts';
import { LoginForm } from './login-form.tsx';
import { useSession } from './use-session.ts';

/** Milliseconds until `endsAt`, updated every second (every 15 s while far off). */
function useTimeLeft(endsAt: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const left = endsAt === undefined ? undefined : endsAt - now;
  const step = left !== undefined && left < WARNING_MS + 60_000 ? 1000 : 15_000;
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, step);
    return () => {
      clearInterval(timer);
    };
  }, [step]);
  return left;
}

/** The header's countdown to the end of the login. */
export function SessionTimeLeft({ tokens }: { tokens: SessionTokens }) {
  const left = useTimeLeft(sessionEndsAt(tokens)) ?? 0;
  return (
    <Text size="sm" c={left <= WARNING_MS ? 'orange.9' : 'dimmed'} aria-label="Session time left">
      {formatTimeLeft(left)}
    </Text>
  );
}

/**
 * Five minutes before the login ends, a notice in the corner (nothing is covered or blocked)
 * offers "Stay signed in": a sign-in over the page that starts a new login, so the query, the
 * results and the scroll position stay. "Later" hides it until the last minute.
 */
export function SessionEndingNotice() {
  const { tokens } = useSession();
  const endsAt = tokens ? sessionEndsAt(tokens) : undefined;
  const left = useTimeLeft(endsAt);
  const [hiddenUntil, setHiddenUntil] = useState<{ endsAt: number; below: number }>();
  const [signingIn, setSigningIn] = useState(false);
  if (!tokens || left === undefined || endsAt === undefined) return null;
  const hidden = hiddenUntil?.endsAt === endsAt && left > hiddenUntil.below;
  const showing = left > 0 && left <= WARNING_MS && !hidden;
  return (
    <>
      {showing && (
        <Paper
          withBorder
          shadow="md"
          p="sm"
          role="status"
          aria-label="Session ending"
          style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 200, maxWidth: 360 }}
        >
          <Text size="sm" fw={600}>
            Your session ends in {formatTimeLeft(left).replace(' left', '')}.
          </Text>
          <Text size="sm" mt={4}>
            Sign in again to keep working: nothing on this page is lost.
          </Text>
          <Group gap="xs" mt="sm">
            <Button
              size="xs"
              onClick={() => {
                setSigningIn(true);
              }}
            >
              Stay signed in
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setHiddenUntil({ endsAt, below: 60_000 });
              }}
            >
              Later
            </Button>
          </Group>
        </Paper>
      )}
      <Modal
        opened={signingIn}
        onClose={() => {
          setSigningIn(false);
        }}
        title="Stay signed in"
        centered
      >
        <Text size="sm" mb="md">
          Sign in again to start a new session. Everything on this page stays as it is.
        </Text>
        <LoginForm
          username={tokens.username}
          onSignedIn={() => {
            setSigningIn(false);
          }}
        />
      </Modal>
    </>
  );
}
