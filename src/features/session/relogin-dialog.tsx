import { Button, Group, Modal, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { reloginPrompt } from '../../lib/api/services.ts';
import { LoginForm } from './login-form.tsx';
import { useSession } from './use-session.ts';

function subscribe(listener: () => void): () => void {
  return reloginPrompt.subscribe(listener);
}

/**
 * Signs the analyst back in over the current page when the session has ended, so the query,
 * the results and the scroll position stay; the interrupted request then runs again.
 */
export function ReloginDialog({ onSignOut }: { onSignOut: () => void }) {
  const open = useSyncExternalStore(subscribe, () => reloginPrompt.isOpen);
  const { tokens } = useSession();
  return (
    <Modal
      opened={open && tokens !== undefined}
      onClose={() => {
        reloginPrompt.settle(false);
      }}
      title="Your session has ended"
      centered
      closeButtonProps={{ 'aria-label': 'Not now' }}
    >
      <Text size="sm" mb="md">
        Sign in again to continue. Everything on this page stays as it is, and the interrupted
        request runs again.
      </Text>
      <LoginForm
        username={tokens?.username}
        onSignedIn={() => {
          reloginPrompt.settle(true);
        }}
      />
      <Group justify="flex-end" mt="md">
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            reloginPrompt.settle(false);
            onSignOut();
          }}
        >
          Sign out instead
        </Button>
      </Group>
    </Modal>
  );
}
