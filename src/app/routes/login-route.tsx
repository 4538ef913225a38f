import { useRouter } from '@tanstack/react-router';
import { LoginForm } from '../../features/session/login-page.tsx';
import { useAppConfig } from '../../lib/app-config.ts';
import { loginRoute, safeRedirect } from '../router.tsx';

/** /login: the form, then back to where the analyst was headed. */
export function LoginRoute() {
  const appConfig = useAppConfig();
  const { redirect } = loginRoute.useSearch();
  const router = useRouter();
  return (
    <main>
      <LoginForm
        appConfig={appConfig}
        onSignedIn={() => {
          router.history.push(safeRedirect(redirect));
        }}
      />
    </main>
  );
}
