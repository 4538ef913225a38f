import { getRouteApi, useRouter } from '@tanstack/react-router';
import { LoginScreen } from '../../features/session/login-screen.tsx';
import { useAppConfig } from '../../lib/api/app-config.ts';
import { returnAddress } from '../safe-redirect.ts';

// By id rather than by importing the route object: router.tsx imports this component.
const loginRoute = getRouteApi('/login');

/** /login inside the app (after a sign-out or a guarded link): the form, then on to the target. */
export function LoginRoute() {
  const appConfig = useAppConfig();
  const { redirect } = loginRoute.useSearch();
  const router = useRouter();
  return (
    <LoginScreen
      appConfig={appConfig}
      onSignedIn={() => {
        router.history.push(returnAddress(redirect, window.location.hash));
      }}
    />
  );
}
