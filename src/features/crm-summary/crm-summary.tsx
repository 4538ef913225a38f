import { Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import type { AccountNames } from '../../lib/api/account-names.ts';
import { resultSummary } from './summary.ts';

/**
 * A CRM result's gist in one line above the table, as the 13F result has its changes headline:
 * read on the first screen whatever the screen's size, before any chart or column is looked at.
 */
export function CrmSummary({
  module,
  rows,
  total,
  names,
}: {
  module: ModuleId;
  rows: readonly ServiceRecord[];
  /** The records that match in all: the line says when the rows are only part of them. */
  total: number | undefined;
  names: AccountNames | undefined;
}) {
  const text = useMemo(
    () => resultSummary(module, rows, { total, names }),
    [module, rows, total, names],
  );
  if (text === undefined) return null;
  return (
    <Text size="sm" mb="xs" role="status">
      {text}
    </Text>
  );
}
