import { use } from 'react';
import { appConfigSchema } from '#contract/app-config';
import type { AppConfig } from '#contract/app-config';

/** Fetches and validates the app configuration. */
async function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const response = await fetch('/app-config.json', { signal, credentials: 'omit' });
  if (!response.ok)
    throw new Error(`The dashboard's server answered ${response.status} for its configuration.`);
  return appConfigSchema.parse(await response.json());
}

let loading: Promise<AppConfig> | undefined;

/**
 * The configuration, fetched once per page load. It is read before TanStack Query is loaded (the
 * login page starts without it), so it is a plain promise; a failure is forgotten so a retry
 * fetches again.
 */
function loadAppConfig(): Promise<AppConfig> {
  loading ??= fetchAppConfig().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The app configuration (suspends until loaded). */
export function useAppConfig(): AppConfig {
  return use(loadAppConfig());
}
