/**
 * The state of the 13F views across managers, as their URLs carry it: validated search
 * parameters with a version, so a link made today opens the same view later, and a link from a
 * newer dashboard is refused with a reason instead of half-read. Saved as named queries too.
 */
import { z } from 'zod/mini';
import { formatDay } from '../format/dates.ts';
import { CUSIP_PATTERN } from './thirteen-f-targets.ts';

/** The version the views' links carry (`v=1`); a link without one is read as this version. */
export const ANALYSIS_LINK_VERSION = 1;

/** The most managers a quarter view's link narrows to. */
export const MAX_MANAGERS = 50;
const MAX_NAME = 200;

const version = z.optional(
  z.literal(ANALYSIS_LINK_VERSION, {
    error:
      'this link comes from a newer version of the dashboard; reload the page to get it, then open the link again',
  }),
);
const period = z.optional(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a period is YYYY-MM-DD' })),
);
const manager = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'a manager is named' }),
    z.maxLength(MAX_NAME, { error: `a manager's name is at most ${String(MAX_NAME)} characters` }),
  );

/** `/security`: one CUSIP (none: the view says how to find one), and the quarter shown. */
export const securitySearchSchema = z.object({
  v: version,
  cusip: z.optional(
    z.string().check(z.regex(CUSIP_PATTERN, { error: 'a CUSIP is nine letters or digits' })),
  ),
  period,
});

/** `/quarter`: the quarter (else the latest), and the managers it is narrowed to (else all). */
export const quarterSearchSchema = z.object({
  v: version,
  period,
  managers: z.optional(
    z
      .array(manager)
      .check(z.maxLength(MAX_MANAGERS, { error: `at most ${String(MAX_MANAGERS)} managers` })),
  ),
});

/** `/compare`: two managers (either may be still to pick) and the quarter compared. */
export const compareSearchSchema = z.object({
  v: version,
  a: z.optional(manager),
  b: z.optional(manager),
  period,
});

export type SecuritySearch = z.infer<typeof securitySearchSchema>;

export type CompareSearch = z.infer<typeof compareSearchSchema>;

/** A view across managers, as a saved query keeps it: which view, and its search. */
const analysisLinkSchema = z.discriminatedUnion('view', [
  z.object({ view: z.literal('security'), search: securitySearchSchema }),
  z.object({ view: z.literal('quarter'), search: quarterSearchSchema }),
  z.object({ view: z.literal('compare'), search: compareSearchSchema }),
]);

export type AnalysisLink = z.infer<typeof analysisLinkSchema>;

/** Where each view lives. */
export const ANALYSIS_PATHS = {
  security: '/security',
  quarter: '/quarter',
  compare: '/compare',
} as const satisfies Record<AnalysisLink['view'], string>;

/**
 * A view across managers as a saved query keeps it: beside workspace states (same version and
 * module fields, so names clash and lists group as for 13F queries), told apart by `analysis`.
 */
export const savedAnalysisSchema = z.object({
  v: z.literal(ANALYSIS_LINK_VERSION),
  module: z.literal('13f_holdings'),
  analysis: analysisLinkSchema,
});

export type SavedAnalysis = z.infer<typeof savedAnalysisSchema>;

/** A view's saved state. */
export function savedAnalysisOf(analysis: AnalysisLink): SavedAnalysis {
  return { v: ANALYSIS_LINK_VERSION, module: '13f_holdings', analysis };
}

const VIEW_NAMES = {
  security: 'A security across managers',
  quarter: 'The quarter across managers',
  compare: 'Two managers side by side',
} as const satisfies Record<AnalysisLink['view'], string>;

/** A view in a few words, for saved-query lists and suggested names. */
export function describeAnalysis(analysis: AnalysisLink): string {
  const parts: string[] = [VIEW_NAMES[analysis.view]];
  const { search } = analysis;
  if (analysis.view === 'security' && analysis.search.cusip) parts.push(analysis.search.cusip);
  if (analysis.view === 'compare' && analysis.search.a && analysis.search.b)
    parts.push(`${analysis.search.a} and ${analysis.search.b}`);
  if (analysis.view === 'quarter' && analysis.search.managers?.length)
    parts.push(
      `${String(analysis.search.managers.length)} manager${analysis.search.managers.length === 1 ? '' : 's'}`,
    );
  parts.push(search.period ? formatDay(search.period) : 'latest quarter');
  return parts.join(' · ');
}
