import { nodeAt } from './filter-tree.ts';
import type { FilterNode } from './model.ts';

/**
 * Where a problem is, in words, as the builder labels its rows: "Condition 2", "Condition 1.3",
 * "Group 2" (when `filter` shows the path is a group), "Rows (max_num)".
 */
export function describeProblemPath(path: string, filter: readonly FilterNode[] = []): string {
  const options: Record<string, string> = {
    fields: 'Fields to return',
    orderBy: 'Order by',
    maxNum: 'Rows (max_num)',
    offset: 'Skip (offset)',
    countOnly: 'Count only',
    extraBody: 'Other keys of the body',
    extraFilters: 'Other keys of filters',
  };
  const option = options[path.split('.')[0] ?? ''];
  if (option !== undefined) return option;
  const positions = [...path.matchAll(/(?:^filter|children)\.(\d+)/g)].map((match) =>
    Number(match[1]),
  );
  if (positions.length === 0) return 'Filters';
  const noun = nodeAt(filter, positions)?.type === 'group' ? 'Group' : 'Condition';
  return `${noun} ${positions.map((position) => String(position + 1)).join('.')}`;
}
