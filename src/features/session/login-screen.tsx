import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import type { AppConfig } from '#contract/app-config';
import { LoginForm } from './login-form.tsx';

/**
 * The sign-in page: where the analyst signs in, with the demo users in embedded mode. Without a
 * configuration yet (the page as the build prerenders it, until the configuration is loaded) the
 * form is all there is: the line naming the service keeps its place, so nothing moves when it
 * is filled in.
 */
export function LoginScreen({
  appConfig,
  onSignedIn,
  onTyping,
}: {
  appConfig: AppConfig | undefined;
  onSignedIn: () => void;
  /** Called on every keystroke in the form: the app's code can be fetched meanwhile. */
  onTyping?: () => void;
}) {
  return (
    <main onInput={onTyping}>
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
        <Stack gap="md">
          <Title order={1} id="login-title" size="h2">
            Sign in
          </Title>
          <Text size="sm" c="dimmed">
            {appConfig === undefined
              ? '\u00a0'
              : appConfig.mode === 'upstream'
                ? `Marketplace Data Query Service at ${appConfig.upstreamHost}`
                : 'Embedded demo service: no vendor credentials needed.'}
          </Text>
          <LoginForm onSignedIn={onSignedIn} />
          {appConfig?.mode === 'embedded' && appConfig.demoUsers.length > 0 && (
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
      </Paper>
    </main>
  );
}
