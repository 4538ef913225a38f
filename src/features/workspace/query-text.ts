import type { ModuleId } from '#contract/catalog';
import type { QueryBody } from '#contract/query';
import { validateQuery } from '#contract/validate';

/** The outcome of reading the query editor's text. */
export type QueryTextResult =
  | { readonly ok: true; readonly body: QueryBody }
  | { readonly ok: false; readonly message: string };

/** Formats a body the way the editor shows it. */
export function formatQuery(body: QueryBody): string {
  return JSON.stringify(body, null, 2);
}

/**
 * Reads the editor's text as a query for `module`, with the same validation the server applies,
 * so a mistake is named before anything is sent.
 */
export function readQueryText(text: string, module: ModuleId): QueryTextResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` };
  }
  const module_ = (parsed as { module?: unknown } | null)?.module;
  if (typeof module_ === 'string' && module_ !== module) {
    return {
      ok: false,
      message: `This workspace queries "${module}", but the body names "${module_}".`,
    };
  }
  const result = validateQuery(parsed);
  if (!result.ok) {
    const where = result.problem.path === '' ? '' : `${result.problem.path}: `;
    return { ok: false, message: `${where}${result.problem.message}` };
  }
  return { ok: true, body: parsed as QueryBody };
}
