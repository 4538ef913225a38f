import { CATALOG, isModuleId } from '#contract/catalog';
import { fieldsOf } from '#contract/request-body';

/** A need of a chart: one field, or alternatives any one of which will do. */
export type FieldNeed = readonly string[];

function listed(names: readonly string[], joiner: 'and' | 'or' = 'and'): string {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${joiner} ${names.at(-1) ?? ''}`;
}

/** The fields a query asks for: its `fields`, or the module's defaults when it names none. */
function askedFields(body: Readonly<Record<string, unknown>>): {
  names: ReadonlySet<string>;
  defaults: boolean;
} {
  const fields = fieldsOf(body);
  if (fields !== undefined) return { names: new Set(fields), defaults: false };
  const module = body.module;
  return {
    names: new Set(isModuleId(module) ? CATALOG[module].defaultFields : []),
    defaults: true,
  };
}

/**
 * Why a chart cannot be drawn from rows that lack what it needs. A field the query asked for
 * (by name, or as a module default) that did not come back is the service's doing, so the
 * sentence says so and never asks to add it; only needs the query left out are to be added.
 */
export function missingFieldsMessage(
  missing: readonly FieldNeed[],
  body: Readonly<Record<string, unknown>>,
  needs = 'This chart needs',
): string {
  const asked = askedFields(body);
  const notReturned = missing.flatMap((need) => need.filter((name) => asked.names.has(name)));
  const toAdd = missing.filter((need) => !need.some((name) => asked.names.has(name)));
  const sentences: string[] = [];
  if (notReturned.length > 0) {
    const them = notReturned.length > 1 ? 'them' : 'it';
    const note = asked.defaults ? ' (the module’s default fields)' : '';
    sentences.push(
      `The service did not return ${listed(notReturned)} although the query asked for ${them}${note}.`,
    );
  }
  if (toAdd.length > 0) {
    const names = toAdd.map((need) => listed(need, 'or'));
    const them = toAdd.length > 1 ? 'them' : 'it';
    sentences.push(
      `${needs} ${listed(names)}: add ${them} to the query’s fields (or return every field) and run it again.`,
    );
  }
  return sentences.join(' ');
}

/** The needs none of the rows meets (the first rows tell: rows share their fields). */
export function unmetNeeds(
  rows: readonly Readonly<Record<string, unknown>>[],
  needs: readonly FieldNeed[],
): FieldNeed[] {
  const present = new Set(rows.slice(0, 50).flatMap((row) => Object.keys(row)));
  return needs.filter((need) => !need.some((name) => present.has(name)));
}
