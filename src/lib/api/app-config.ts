import { use, useEffect, useState } from 'react';
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
let loaded: AppConfig | undefined;

/**
 * The configuration, fetched once per page load. It is read before TanStack Query is loaded (the
 * login page starts without it), so it is a plain promise; a failure is forgotten so a retry
 * fetches again.
 */
function loadAppConfig(): Promise<AppConfig> {
  loading ??= fetchAppConfig().then(
    (config) => {
      loaded = config;
      return config;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the service is the embedded one, which serves the catalog's `extension` fields: known
 * once the configuration has loaded, which every signed-in page waits for (`useAppConfig`), so
 * queries made from those pages can ask. False until then: the vendor's fields are always safe.
 */
export function servesExtensionFields(): boolean {
  return loaded?.mode === 'embedded';
}

/**
 * Whether the service serves the 13F aggregate modules (contract/aggregate-modules.ts): the
 * embedded one does, the vendor's does not, as for the extension fields.
 */
export function servesAggregates(): boolean {
  return servesExtensionFields();
}

/** The app configuration (suspends until loaded). */
export function useAppConfig(): AppConfig {
  return use(loadAppConfig());
}

/**
 * The configuration once loaded, undefined until then: for the login page, which the build
 * renders ahead of time without a configuration and which must hydrate as it was rendered, so it
 * cannot suspend. A failure is thrown to the page's error boundary, as `useAppConfig` does.
 */
export function useAppConfigOnceLoaded(): AppConfig | undefined {
  const [loaded, setLoaded] = useState<{ config: AppConfig } | { failure: Error }>();
  useEffect(() => {
    let current = true;
    loadAppConfig().then(
      (config) => {
        if (current) setLoaded({ config });
      },
      (failure: unknown) => {
        const error = failure instanceof Error ? failure : new Error(String(failure));
        if (current) setLoaded({ failure: error });
      },
    );
    return () => {
      current = false;
    };
  }, []);
  if (loaded && 'failure' in loaded) throw loaded.failure;
  return loaded?.config;
}
