/** Which sentence answers each CRM module's result (the 13F result has its own headline). */
import type { ModuleId } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { historySummary, presentationsSummary, updatesSummary } from './activity.ts';
import { holdingsSummary, metrosSummary } from './holdings.ts';
import type { SummaryContext } from './phrases.ts';

type Builder = (rows: readonly ServiceRecord[], context: SummaryContext) => string;

const BUILDERS: Readonly<Partial<Record<ModuleId, Builder>>> = {
  investment_holdings: holdingsSummary,
  accounthistory: historySummary,
  metro_area__c: metrosSummary,
  manager_presentation__c: presentationsSummary,
  updates: updatesSummary,
};

/** The one-line summary of `rows` of `module`; undefined for 13F and for no rows. */
export function resultSummary(
  module: ModuleId,
  rows: readonly ServiceRecord[],
  context: SummaryContext,
): string | undefined {
  const build = BUILDERS[module];
  return build === undefined || rows.length === 0 ? undefined : build(rows, context);
}
