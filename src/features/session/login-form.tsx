import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useId, useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { credentialsSchema } from '#contract/auth';
import type { Credentials } from '#contract/auth';
import { loginErrorMessage, signInWaitSeconds } from '../../lib/api/error-policy.ts';
import {
  formatWait,
  SIGN_IN_AGAIN,
  SIGN_IN_PAUSED,
  spokenWait,
  useSignInWait,
} from './sign-in-wait.ts';
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
 * The wait the service imposed after too many failed sign-ins: the sentence with a live
 * countdown, then "You can try again now." Not a live region itself (it changes every second);
 * the form's status line announces its start and its end. `id`'s body (`${id}-body`, Mantine's)
 * describes the disabled Sign in button.
 */
function SignInWaitNotice({ id, leftMs }: { id: string; leftMs: number }) {
  if (leftMs <= 0)
    return (
      <Alert id={id} color="blue" role="group">
        {SIGN_IN_AGAIN}
      </Alert>
    );
  return (
    <Alert id={id} color="orange" role="group" title="Sign-in paused">
      {SIGN_IN_PAUSED} Try again in <span role="timer">{formatWait(leftMs)}</span>.
    </Alert>
  );
}

/**
 * User name, password, submit. `username` fixes the user (the re-login dialog signs the same
 * analyst back in); `onSignedIn` runs after a successful login. After a throttled attempt (429)
 * Sign in stays disabled until the service's `Retry-After` has passed, counted down on the page.
 */
export function LoginForm({ username, onSignedIn }: { username?: string; onSignedIn: () => void }) {
  const { signIn } = useSession();
  const [failure, setFailure] = useState<string>();
  const wait = useSignInWait();
  const waitId = useId();
  const form = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: username ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const hydrated = useHydrated();

  const submit = form.handleSubmit(async (credentials) => {
    setFailure(undefined);
    wait.clear();
    try {
      await signIn(credentials.username, credentials.password);
      onSignedIn();
    } catch (error) {
      const seconds = signInWaitSeconds(error);
      if (seconds === undefined) setFailure(loginErrorMessage(error));
      else wait.start(seconds);
      // Typing the password again comes next (a disabled button would leave focus nowhere).
      form.setFocus('password');
    } finally {
      // The password is never kept after an attempt.
      form.setValue('password', '');
    }
  });

  return (
    // Before the scripts run, the browser would submit the prerendered form itself: a GET that
    // puts the password in the address. A form whose method is "dialog", outside a dialog,
    // sends nothing; until then the button says it is not available yet (and Playwright waits).
    // While a wait runs, the disabled button sends nothing either, nor does Enter.
    <form
      method="dialog"
      onSubmit={(event) => {
        if (wait.waiting) event.preventDefault();
        else void submit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        {failure !== undefined && (
          <Alert color="red" role="alert" title="Sign-in failed">
            {failure}
          </Alert>
        )}
        {(wait.waiting || wait.over) && <SignInWaitNotice id={waitId} leftMs={wait.leftMs} />}
        {/* Said once when the wait begins and once when it ends, never every second. */}
        <VisuallyHidden role="status">
          {wait.waiting
            ? `${SIGN_IN_PAUSED} Try again in ${spokenWait(wait.totalMs)}.`
            : wait.over
              ? SIGN_IN_AGAIN
              : ''}
        </VisuallyHidden>
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
        <Button
          type="submit"
          loading={isSubmitting}
          disabled={wait.waiting}
          aria-disabled={hydrated ? undefined : true}
          aria-describedby={wait.waiting ? `${waitId}-body` : undefined}
        >
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
