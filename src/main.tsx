import './app/first-page.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { LoginPage } from './app/login-shell.tsx';
import { LazyApp, PageFrame } from './app/page-frame.tsx';
import { session } from './lib/api/services.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = (
  <PageFrame>
    <LazyApp />
  </PageFrame>
);

let root: Root;
if (window.location.pathname === '/login' && !session.current) {
  const page = (
    <LoginPage
      onSignedIn={() => {
        root.render(app);
      }}
    />
  );
  // The server answers /login with the page as the build rendered it (login.html, see
  // vite.config.ts): React takes over that markup, keeping what was typed and where the focus
  // is, rather than drawing it again. Vite's dev server answers with the empty index.html.
  if (container.firstElementChild) {
    root = hydrateRoot(container, page);
  } else {
    root = createRoot(container);
    root.render(page);
  }
} else {
  // Every other page; on a signed-in reload of /login, the app replaces the prerendered form.
  root = createRoot(container);
  root.render(app);
}
