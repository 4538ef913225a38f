import { EXTENSION_MODULE_IDS } from '#contract/catalog';
import { ApiError } from '../http.ts';

const OWN_MODULES: readonly string[] = EXTENSION_MODULE_IDS;

/**
 * Refuses a query of one of the embedded service's own modules (the 13F aggregates) before it
 * reaches the vendor, whose interface has no such module: the dashboard asks for them only from
 * the embedded service, so one arriving here is a pasted or hand-made body, and it gets a
 * sentence that says why instead of whatever the vendor answers. Bodies that do not mention
 * such a module are not parsed: the proxy stays a pass-through for everything else.
 */
export function refuseOwnModule(body: string): void {
  if (!OWN_MODULES.some((module) => body.includes(module))) return;
  let module: unknown;
  try {
    module = (JSON.parse(body) as { module?: unknown } | null)?.module;
  } catch {
    // Not JSON: the vendor says so in its own words, as for any other body.
    return;
  }
  if (typeof module !== 'string' || !OWN_MODULES.includes(module)) return;
  throw new ApiError(
    404,
    'unknown_module',
    `unknown module "${module}": it is an aggregate of the dashboard's embedded service, which the vendor's service behind this proxy does not have; query 13f_holdings instead`,
    { path: 'module' },
  );
}
