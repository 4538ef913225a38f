import { notFound } from '@tanstack/react-router';
import { isModuleId } from '#contract/catalog';
import type { ModuleId } from '#contract/catalog';

/**
 * The `$module` of `/q/$module`: one of the catalog's modules. Any other name is a page that does
 * not exist (a mistyped or outdated link), not a failure: it throws `notFound` with the name
 * asked, which the route's not-found page shows, instead of a validation error.
 */
export const moduleParam = {
  parse: ({ module }: { module: string }): { module: ModuleId } => {
    if (!isModuleId(module)) throw notFound({ data: { module } });
    return { module };
  },
  stringify: ({ module }: { module: ModuleId }) => ({ module }),
};
