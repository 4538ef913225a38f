import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod';
import { MODULE_IDS } from '#contract/catalog';
import type { TokenSession } from '../lib/token-session.ts';
import { AppLayout } from './routes/app-layout.tsx';
import { LandingPage } from './routes/landing-page.tsx';
import { LoginRoute } from './routes/login-route.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { WorkspacePage } from './routes/workspace-page.tsx';

/** What every route can reach. */
export interface RouterContext {
  readonly session: TokenSession;
  readonly queryClient: QueryClient;
}

/** Only same-app paths: a login link must not send the analyst to another site. */
export function safeRedirect(target: string | undefined): string {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : '/';
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  notFoundComponent: NotFoundPage,
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.string().optional() }),
  component: LoginRoute,
});

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context, location }) => {
    if (!context.session.current) {
      // Keep where the analyst was headed (path, search and fragment), to return after login.
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});

const landingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  component: LandingPage,
});

export const workspaceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/q/$module',
  params: {
    parse: ({ module }) => ({ module: z.enum(MODULE_IDS).parse(module) }),
    stringify: ({ module }) => ({ module }),
  },
  component: WorkspacePage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  signedInRoute.addChildren([landingRoute, workspaceRoute]),
]);

/** Creates the app's router. */
export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultNotFoundComponent: NotFoundPage });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
