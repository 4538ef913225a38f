import { LoginScreen } from '../features/session/login-screen.tsx';
import { useAppConfig } from '../lib/app-config.ts';
import { returnAddress } from './safe-redirect.ts';

/**
 * The login page as the first page of a visit: signs in, puts the address the analyst was
 * headed to in place, then hands over to the whole app (no reload, the session stays in memory).
 */
export function LoginShell({ onSignedIn }: { onSignedIn: () => void }) {
  const appConfig = useAppConfig();
  return (
    <LoginScreen
      appConfig={appConfig}
      onSignedIn={() => {
        const target = new URLSearchParams(window.location.search).get('redirect');
        window.history.replaceState(null, '', returnAddress(target, window.location.hash));
        onSignedIn();
      }}
    />
  );
}
