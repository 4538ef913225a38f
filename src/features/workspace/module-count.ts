import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModuleId } from '#contract/catalog';
import { client } from '../../lib/services.ts';

/** How many records a module holds: the workspace's first answer. */
export async function fetchModuleCount(module: ModuleId, signal?: AbortSignal): Promise<number> {
  const result = await client.query({ module, count_only: true }, signal);
  if (result.kind !== 'count') throw new Error('The service answered a count with rows.');
  return result.count;
}

/** The module-count query; its key names the module. */
export function moduleCountQueryOptions(module: ModuleId) {
  return queryOptions({
    queryKey: ['module-count', module],
    queryFn: ({ signal }) => fetchModuleCount(module, signal),
  });
}

/** The record count of a module. */
export function useModuleCount(module: ModuleId) {
  return useQuery(moduleCountQueryOptions(module));
}
