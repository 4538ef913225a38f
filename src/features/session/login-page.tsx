import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Code,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { passwordGrantSchema } from '#contract/auth';
import type { AppConfig } from '#contract/app-config';
import { loginErrorMessage } from './login-errors.ts';
import { useSession } from './use-session.ts';

const loginFormSchema = passwordGrantSchema.omit({ grant_type: true });
type LoginForm = { username: string; password: string };

/** The sign-in form; `onSignedIn` runs after a successful login (to go where the analyst was headed). */
export function LoginForm({
  appConfig,
  onSignedIn,
}: {
  appConfig: AppConfig;
  onSignedIn: () => void;
}) {
  const { signIn } = useSession();
  const [failure, setFailure] = useState<string>();
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ username, password }) => {
    setFailure(undefined);
    try {
      await signIn(username, password);
      onSignedIn();
    } catch (error) {
      setFailure(loginErrorMessage(error));
    } finally {
      // The password is never kept after an attempt.
      form.setValue('password', '');
    }
  });

  return (
    <Paper
      component="section"
      withBorder
      p="xl"
      radius="md"
      maw={420}
      mx="auto"
      mt="10vh"
      aria-labelledby="login-title"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={1} id="login-title" size="h2">
            Sign in
          </Title>
          <Text size="sm" c="dimmed">
            {appConfig.mode === 'upstream'
              ? `Marketplace Data Query Service at ${appConfig.upstreamHost}`
              : 'Embedded demo service: no vendor credentials needed.'}
          </Text>
          {failure !== undefined && (
            <Alert color="red" role="alert" title="Sign-in failed">
              {failure}
            </Alert>
          )}
          <TextInput
            label="User name"
            autoComplete="username"
            autoFocus
            error={errors.username?.message}
            {...form.register('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" loading={isSubmitting}>
            Sign in
          </Button>
          {appConfig.mode === 'embedded' && appConfig.demoUsers.length > 0 && (
            <Text size="sm" c="dimmed" component="div">
              Demo users:
              <ul>
                {appConfig.demoUsers.map((user) => (
                  <li key={user.username}>
                    <Code>{user.username}</Code> / <Code>{user.password}</Code> ({user.note})
                  </li>
                ))}
              </ul>
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
