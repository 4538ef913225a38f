import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod/mini';
import {
  compareSearchSchema,
  quarterSearchSchema,
  securitySearchSchema,
} from '../lib/url-state/analysis-links.ts';
import type { TokenSession } from '../lib/session/token-session.ts';
import { accountSearchSchema } from '../features/account/account-search.ts';
import { homeSearchSchema } from '../features/home/home-window.ts';
import { moduleParam } from './module-param.ts';
import { LoginRoute } from './routes/login-route.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { RouteError } from './routes/route-error.tsx';
import { UnknownModulePage } from './routes/unknown-module-page.tsx';
import { returnAddress } from './safe-redirect.ts';
import { parseSearch, stringifySearch } from './search-params.ts';

/** What every route can reach. */
export interface RouterContext {
  readonly session: TokenSession;
  readonly queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
  beforeLoad: ({ context, search, location }) => {
    // Already signed in (a second tab, the back button): straight on to where they were headed.
    if (context.session.current) {
      throw redirect({ href: returnAddress(search.redirect, location.hash) });
    }
  },
  component: LoginRoute,
});

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context, location }) => {
    if (!context.session.current) {
      // Keep where the analyst was headed, to return after login: the path and query in
      // `redirect`, the fragment (a link's state) as the login page's own fragment.
      throw redirect({
        to: '/login',
        search: { redirect: `${location.pathname}${location.searchStr}` },
        hash: location.hash,
      });
    }
  },
  // Everything behind the login loads on demand, so the login page starts small.
  component: lazyRouteComponent(() => import('./routes/app-layout.tsx'), 'AppLayout'),
});

const landingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  // `?since=7d`: the feed's window (else since the last visit).
  validateSearch: homeSearchSchema,
  component: lazyRouteComponent(() => import('./routes/landing-page.tsx'), 'LandingPage'),
});

const workspaceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/q/$module',
  params: moduleParam,
  notFoundComponent: UnknownModulePage,
  // `?run=starter` runs the module's starter query on arrival (the landing page's offer).
  validateSearch: z.object({ run: z.optional(z.literal('starter')) }),
  component: lazyRouteComponent(
    () => import('../features/workspace/workspace-page.tsx'),
    'WorkspacePage',
  ),
});

/** A 13F security across managers: its CUSIP, and the quarter shown (else the latest). */
const securityRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/security',
  validateSearch: securitySearchSchema,
  component: lazyRouteComponent(() => import('./routes/security-page.tsx'), 'SecurityPage'),
});

/** A quarter across managers: most bought, most sold, consensus, largest new positions. */
const quarterRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/quarter',
  validateSearch: quarterSearchSchema,
  component: lazyRouteComponent(() => import('./routes/quarter-page.tsx'), 'QuarterPage'),
});

/** Two managers side by side in one quarter. */
const compareRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/compare',
  validateSearch: compareSearchSchema,
  component: lazyRouteComponent(() => import('./routes/compare-page.tsx'), 'ComparePage'),
});

/** One account across the modules; `period` is the 13F quarter shown (else the latest). */
const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/account/$id',
  validateSearch: accountSearchSchema,
  component: lazyRouteComponent(() => import('./routes/account-route.tsx'), 'AccountRoute'),
});

const savedQueriesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/saved',
  component: lazyRouteComponent(
    () => import('../features/saved-queries/saved-queries-page.tsx'),
    'SavedQueriesPage',
  ),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  signedInRoute.addChildren([
    landingRoute,
    workspaceRoute,
    securityRoute,
    quarterRoute,
    compareRoute,
    accountRoute,
    savedQueriesRoute,
  ]),
]);

/** Creates the app's router. */
export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    parseSearch,
    stringifySearch,
    defaultNotFoundComponent: NotFoundPage,
    // Each route's failure stays inside its own outlet: the header and navigation remain.
    defaultErrorComponent: RouteError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
