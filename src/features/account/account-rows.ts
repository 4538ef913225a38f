/**
 * Pure readings of the account page's rows: contacts from their updates, the readable history,
 * the balance per asset class, the account's current fields, and a section's state.
 */
import type { ReactNode } from 'react';
import type { ServiceRecord } from '#contract/response';
import type { SectionState } from './account-section.tsx';

/** A cell's text: a string or number as it is, anything else as `fallback`. */
export function cellText(value: unknown, fallback = '—'): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

export function day(row: ServiceRecord): string {
  return typeof row.last_updated_date__c === 'string' ? row.last_updated_date__c : '';
}

/** The move an update records, if it is one. */
export function moveOf(row: ServiceRecord): 'Job change' | 'Role change' | null {
  if (row.job_change__c === true) return 'Job change';
  if (row.role_change__c === true) return 'Role change';
  return null;
}

export function balanceOf(row: ServiceRecord): number {
  return typeof row.fund_balance__c === 'number' ? row.fund_balance__c : 0;
}

/** A contact of the account, as its updates know them. */
export interface Contact {
  readonly name: string;
  readonly updates: number;
  readonly lastUpdated: string;
  /** The latest job or role change, when the contact had one. */
  readonly lastMove: { readonly kind: 'Job change' | 'Role change'; readonly on: string } | null;
}

/** The contacts named by `rows` (newest first), each with its latest update and move. */
export function contactsOf(rows: readonly ServiceRecord[]): Contact[] {
  const contacts = new Map<string, Contact>();
  for (const row of [...rows].sort((a, b) => (day(a) < day(b) ? 1 : -1))) {
    const name = typeof row.contact_name__c === 'string' ? row.contact_name__c : null;
    if (name === null) continue;
    const known = contacts.get(name);
    const move = moveOf(row);
    contacts.set(name, {
      name,
      updates: (known?.updates ?? 0) + 1,
      lastUpdated: known?.lastUpdated ?? day(row),
      lastMove: known?.lastMove ?? (move ? { kind: move, on: day(row) } : null),
    });
  }
  return [...contacts.values()];
}

/**
 * The changes worth reading: an owner change is recorded twice (the user's ID, then the name);
 * the ID row is left out when the name row of the same change is there.
 */
export function readableChanges(rows: readonly ServiceRecord[]): ServiceRecord[] {
  const named = new Set(
    rows
      .filter((row) => row.datatype !== 'EntityId')
      .map((row) => `${String(row.field)}|${String(row.createddate)}`),
  );
  return rows.filter(
    (row) =>
      row.datatype !== 'EntityId' || !named.has(`${String(row.field)}|${String(row.createddate)}`),
  );
}

/** The balance per asset class, largest first. */
export function assetClassBalance(
  rows: readonly ServiceRecord[],
): { assetClass: string; balance: number; positions: number }[] {
  const classes = new Map<string, { balance: number; positions: number }>();
  for (const row of rows) {
    const name =
      typeof row.asset_class__c === 'string' && row.asset_class__c !== ''
        ? row.asset_class__c
        : 'No class';
    const entry = classes.get(name) ?? { balance: 0, positions: 0 };
    entry.balance += balanceOf(row);
    entry.positions += 1;
    classes.set(name, entry);
  }
  return [...classes]
    .map(([assetClass, entry]) => ({ assetClass, ...entry }))
    .sort((a, b) => b.balance - a.balance);
}

/**
 * The account's current value of each field: the newest change's new value (rows newest first).
 * A newest change that cleared the field leaves it absent: an older value is no longer current.
 */
export function currentFields(history: readonly ServiceRecord[]): Map<string, string> {
  const current = new Map<string, string>();
  const seen = new Set<string>();
  for (const row of history) {
    if (typeof row.field !== 'string' || seen.has(row.field) || row.datatype === 'EntityId')
      continue;
    seen.add(row.field);
    if (typeof row.newvalue === 'string' && row.newvalue !== '')
      current.set(row.field, row.newvalue);
  }
  return current;
}

/** A section's state from its query. */
export function stateOf<T>(
  query: {
    readonly data: T | undefined;
    readonly error: unknown;
    readonly isPending: boolean;
    readonly refetch: () => unknown;
  },
  count: (data: T) => number,
  empty: ReactNode,
  countNote?: (data: T) => string | undefined,
): SectionState {
  if (query.error) {
    return {
      kind: 'error',
      error: query.error,
      retry: () => {
        void query.refetch();
      },
    };
  }
  if (query.data === undefined) return { kind: 'loading' };
  const n = count(query.data);
  if (n === 0) return { kind: 'empty', message: empty };
  const note = countNote?.(query.data);
  return { kind: 'ready', count: n, ...(note ? { countNote: note } : {}) };
}
