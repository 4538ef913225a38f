import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { moduleParam } from '../module-param.ts';
import { RouteError } from './route-error.tsx';
import { UnknownModulePage } from './unknown-module-page.tsx';

/** `/q/$module` as the app's router declares it, opened at `path`. */
function setup(path: string) {
  const rootRoute = createRootRoute();
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null });
  const saved = createRoute({ getParentRoute: () => rootRoute, path: '/saved' });
  const workspace = createRoute({
    getParentRoute: () => rootRoute,
    path: '/q/$module',
    params: moduleParam,
    notFoundComponent: UnknownModulePage,
    component: () => <h1>The workspace</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, saved, workspace]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteError,
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('the address of a module the dashboard does not have', () => {
  it('says so in words, names what was asked, and offers the way on', async () => {
    setup('/q/no_such_module');
    const page = await screen.findByRole('region', { name: 'No such module' });
    expect(within(page).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(page).getByText('no_such_module')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'See all the modules' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(page).getByRole('link', { name: /saved queries/ })).toHaveAttribute(
      'href',
      '/saved',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(page).not.toHaveTextContent(/invalid_value|expected|[{}[\]]/);
  });

  it('shows a hostile name as text, never as markup', async () => {
    const name = '<img src=x onerror=alert(1)>';
    setup(`/q/${encodeURIComponent(name)}`);
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('still opens a module the dashboard has', async () => {
    setup('/q/updates');
    expect(await screen.findByRole('heading', { name: 'The workspace' })).toBeInTheDocument();
  });
});
