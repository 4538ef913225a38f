/** Where a problem is, in words: "Condition 2", "Group 1 › condition 3", "Rows (max_num)". */
export function describeProblemPath(path: string): string {
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
    String(Number(match[1]) + 1),
  );
  return positions.length === 0 ? 'Filters' : `Condition ${positions.join('.')}`;
}
