import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { UiProvider } from '../src/app/ui-provider.tsx';

/**
 * Renders inside the app's providers (UI, and a fresh query cache with the app's no-retry
 * policy) and returns a user-event session. `userDelay: null` lets that session type and click
 * without yielding to a timer between keys, for trees without transitions to wait for.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { readonly userDelay?: number | null } = {},
) {
  const user = userEvent.setup({ delay: options.userDelay === undefined ? 0 : options.userDelay });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    user,
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <UiProvider env="test">{ui}</UiProvider>
      </QueryClientProvider>,
    ),
  };
}

/**
 * Renders `component` as the page at `path` of a router of its own, beside empty pages for the
 * routes links point at (`/q/$module`, `/saved`, the views across managers and `/account/$id`), so `Link`s render and can be followed.
 */
export function renderInRouter(component: () => ReactElement | null, path = '/here') {
  const rootRoute = createRootRoute({ component: Outlet });
  const blank = () => null;
  const pages = [
    { path, component },
    { path: '/q/$module', component: blank },
    { path: '/saved', component: blank },
    { path: '/security', component: blank },
    { path: '/quarter', component: blank },
    { path: '/compare', component: blank },
    { path: '/account/$id', component: blank },
  ].filter((page, index, all) => all.findIndex((other) => other.path === page.path) === index);
  const routeTree = rootRoute.addChildren(
    pages.map((page) => createRoute({ getParentRoute: () => rootRoute, ...page })),
  );
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}
