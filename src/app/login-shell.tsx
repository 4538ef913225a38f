import { LoginScreen } from '../features/session/login-screen.tsx';
import { useAppConfigOnceLoaded } from '../lib/api/app-config.ts';
import { loadApp } from './load-app.ts';
import { PageFrame } from './page-frame.tsx';
import { returnAddress } from './safe-redirect.ts';

/**
 * The login page as the first page of a visit: signs in, puts the address the analyst was
 * headed to in place, then hands over to the whole app (no reload, the session stays in memory).
 * The build renders it ahead of time into login.html (login-prerender.tsx) and main.tsx hydrates
 * that markup: both render this one tree, so they match.
 */
export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <PageFrame>
      <LoginShell onSignedIn={onSignedIn} />
    </PageFrame>
  );
}

function LoginShell({ onSignedIn }: { onSignedIn: () => void }) {
  const appConfig = useAppConfigOnceLoaded();
  return (
    <LoginScreen
      appConfig={appConfig}
      onTyping={() => void loadApp()}
      onSignedIn={() => {
        const target = new URLSearchParams(window.location.search).get('redirect');
        window.history.replaceState(null, '', returnAddress(target, window.location.hash));
        onSignedIn();
      }}
    />
  );
}
