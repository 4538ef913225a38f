/**
 * The people of the filers in the index (manager-people.ts), and how a typed name finds them:
 * by full name, any other name they go by, or last name, whatever the case or accents.
 */
import { MANAGER_PEOPLE } from './manager-people.ts';

/** A filer as the index knows it: its CIK where the service gives one. */
export interface IndexedFiler {
  readonly name: string;
  readonly cik: string | null;
  readonly latestPeriod: string;
}

/** A person and the filer in the index they lead to. */
export interface PersonEntry {
  readonly name: string;
  readonly role: string;
  /** The name the firm goes by ("Berkshire Hathaway"), not as it files. */
  readonly firm: string;
  readonly filer: IndexedFiler;
  /** What a search compares, folded: full name, other names, then the names after the first. */
  readonly searched: readonly string[];
}

/** Printable ASCII, which has no accents to take off. */
const PLAIN = /^[ -~]*$/;

/** Lower case without accents, so "francois" finds "François". */
export function fold(value: string): string {
  // Every candidate is folded on every keystroke, and nearly all are plain ASCII: lower case is
  // their whole fold, without decomposing each one first.
  if (PLAIN.test(value)) return value.toLowerCase();
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchedNames(name: string, aliases: readonly string[]): string[] {
  const full = [name, ...aliases];
  const later = full.flatMap((one) => one.split(/\s+/).slice(1));
  return [...new Set([...full, ...later].map(fold))];
}

/**
 * The people of the filers the index holds: a filer is theirs by CIK, or by its name as filed
 * where the service gives no CIK (the vendor's 13F rows carry none). People of a filer the
 * service does not have are left out: they would lead nowhere.
 */
export function peopleOf(filers: readonly IndexedFiler[]): PersonEntry[] {
  const byCik = new Map(filers.flatMap((filer) => (filer.cik ? [[filer.cik, filer]] : [])));
  const byName = new Map(filers.map((filer) => [filer.name, filer]));
  return MANAGER_PEOPLE.flatMap((entry) => {
    const filer = byCik.get(entry.cik) ?? byName.get(entry.filedAs);
    if (!filer) return [];
    return entry.people.map((person) => ({
      name: person.name,
      role: person.role,
      firm: entry.firm,
      filer,
      searched: searchedNames(person.name, person.aliases ?? []),
    }));
  });
}
