import { Center, Loader } from '@mantine/core';
import { lazy, StrictMode, Suspense } from 'react';
import type { ReactNode } from 'react';
import { loadApp } from './load-app.ts';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { UiProvider } from './ui-provider.tsx';

/**
 * The whole signed-in app, loaded on demand: the login page is the first thing every analyst
 * loads, so it starts without the router, the query cache and the workspace.
 */
export const LazyApp = lazy(() => loadApp().then((module) => ({ default: module.App })));

/** What every page stands in: the UI provider, the last error boundary, a loading state. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <UiProvider>
        <PageErrorBoundary>
          <Suspense
            fallback={
              <Center h="100vh">
                <Loader aria-label="Loading" />
              </Center>
            }
          >
            {children}
          </Suspense>
        </PageErrorBoundary>
      </UiProvider>
    </StrictMode>
  );
}
