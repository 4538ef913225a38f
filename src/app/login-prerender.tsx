import { renderToString } from 'react-dom/server';
import { LoginPage } from './login-shell.tsx';

/**
 * The login page's markup, rendered at build time into login.html (vite.config.ts), so the form
 * is painted as soon as the HTML and its stylesheet are in, before any script has run. Signed
 * out and without a configuration: the build knows neither.
 */
export function renderLoginPage(): string {
  return renderToString(<LoginPage onSignedIn={() => undefined} />);
}
