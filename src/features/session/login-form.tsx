import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { credentialsSchema } from '#contract/auth';
import type { Credentials } from '#contract/auth';
import { loginErrorMessage } from '../../lib/api/error-policy.ts';
import { useSession } from './use-session.ts';

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
    <form onSubmit={(event) => void submit(event)} noValidate>
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
        <Button type="submit" loading={isSubmitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
