import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { CrmSummary } from '../crm-summary/crm-summary.tsx';
import { useAccountNames } from '../results/use-account-names.ts';

/**
 * A CRM result's one-line summary, with the accounts named: the same lookup as the table's
 * (same rows, same query key), so the names are fetched once and shared from the cache.
 */
export function ResultSummary({
  module,
  rows,
  total,
}: {
  module: ModuleId;
  rows: readonly ServiceRecord[];
  total: number | undefined;
}) {
  const names = useAccountNames(module, rows);
  return <CrmSummary module={module} rows={rows} total={total} names={names} />;
}
