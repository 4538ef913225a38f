// All of Mantine's styles, for every screen of the signed-in app; the first page of a visit
// loads only its own share (first-page.css).
import '@mantine/core/styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { session } from '../lib/api/services.ts';
import { createAppRouter } from './router.tsx';

/** The one error policy for queries: the API client retries; components show errors in place. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already retries server failures itself.
        retry: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The signed-in app: the query cache and the router. */
export function App() {
  const [{ queryClient, router }] = useState(() => {
    const client = createQueryClient();
    return { queryClient: client, router: createAppRouter({ session, queryClient: client }) };
  });
  // Rows of one analyst must never be shown to the next one signing in on this tab.
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.current) queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
