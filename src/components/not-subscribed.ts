import { CATALOG } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';

/**
 * Why a module is closed to this analyst and who can open it: the one sentence every place that
 * meets a refused module says (its pages, its landing card).
 */
export function notSubscribedReason(module: ModuleId): string {
  return `Your account does not include ${CATALOG[module].label}. Ask your administrator (the person who manages your Marketplace subscription) to add it.`;
}
