import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { credentialsSchema } from '#contract/auth';
import type { Credentials } from '#contract/auth';
import { loginErrorMessage } from '../../lib/api/error-policy.ts';
import { useSession } from './use-session.ts';

const noChanges = () => () => undefined;

/**
 * False in the login page as the build prerenders it, until React has taken it over: the form
 * can be filled in but not submitted yet (see LoginForm).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * User name, password, submit. `username` fixes the user (the re-login dialog signs the same
 * analyst back in); `onSignedIn` runs after a successful login.
 */
export function LoginForm({ username, onSignedIn }: { username?: string; onSignedIn: () => void }) {
  const { signIn } = useSession();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: username ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const submit = form.handleSubmit(async (credentials) => {
    setFailure(undefined);
    try {
      await signIn(credentials.username, credentials.password);
      onSignedIn();
    } catch (error) {
      setFailure(loginErrorMessage(error));
    } finally {
      // The password is never kept after an attempt.
      form.setValue('password', '');
    }
  });

  return (
    // Before the scripts run, the browser would submit the prerendered form itself: a GET that
    // puts the password in the address. A form whose method is "dialog", outside a dialog,
    // sends nothing; until then the button says it is not available yet (and Playwright waits).
    <form method="dialog" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {failure !== undefined && (
          <Alert color="red" role="alert" title="Sign-in failed">
            {failure}
          </Alert>
        )}
        <TextInput
          label="User name"
          autoComplete="username"
          readOnly={username !== undefined}
          autoFocus={username === undefined}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          autoFocus={username !== undefined}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" loading={isSubmitting} aria-disabled={hydrated ? undefined : true}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
