import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { appConfigSchema } from '#contract/app-config';
import type { AppConfig } from '#contract/app-config';

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
