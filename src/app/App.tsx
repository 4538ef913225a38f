import '@mantine/core/styles.css';
import { createTheme, Loader, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { session } from '../lib/services.ts';
import { createAppRouter } from './router.tsx';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm', fontSmoothing: true });

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

/** The app: providers around the router. */
export function App() {
  const [state] = useState(() => {
    const queryClient = createQueryClient();
    const router = createAppRouter({ session, queryClient });
    return { queryClient, router };
  });
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={state.queryClient}>
        <Suspense fallback={<Loader m="xl" aria-label="Loading" />}>
          <RouterProvider router={state.router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
