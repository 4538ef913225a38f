import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';

/** What the server says about the deployment: GET /app-config.json. */
export const appConfigSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('embedded'),
    demoUsers: z.array(z.object({ username: z.string(), password: z.string(), note: z.string() })),
  }),
  z.object({ mode: z.literal('upstream'), upstreamHost: z.string() }),
]);

/** The deployment's configuration as the browser sees it. */
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Fetches and validates the app configuration. */
export async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const response = await fetch('/app-config.json', { signal, credentials: 'omit' });
  if (!response.ok)
    throw new Error(`The dashboard's server answered ${response.status} for its configuration.`);
  return appConfigSchema.parse(await response.json());
}

/** The app configuration query: fetched once per page load. */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: ({ signal }) => fetchAppConfig(signal),
  staleTime: Infinity,
});

/** The app configuration (suspends until loaded). */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(appConfigQueryOptions).data;
}
