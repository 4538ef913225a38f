import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { LazyApp, LazyLoginShell, PageFrame } from './app/page-frame.tsx';
import { session } from './lib/services.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

function renderApp(): void {
  root.render(
    <PageFrame>
      <LazyApp />
    </PageFrame>,
  );
}

if (window.location.pathname === '/login' && !session.current) {
  root.render(
    <PageFrame>
      <LazyLoginShell onSignedIn={renderApp} />
    </PageFrame>,
  );
} else {
  renderApp();
}
