/**
 * The one-line answers of the modules of events: account history, contact updates and manager
 * presentations: how many, over which days, of which kinds, and the latest. Pure functions.
 */
import { findField, valueLabel } from '#contract/catalog';
import type { ServiceRecord } from '#contract/response';
import { formatCount } from '../../components/charts/chart-format.ts';
import {
  accountLabel,
  counted,
  dayOf,
  dayRange,
  dayText,
  distinct,
  money,
  partNote,
  spanPhrase,
  tally,
  textOf,
} from './phrases.ts';
import type { SummaryContext } from './phrases.ts';

const HISTORY_FIELD = findField('accounthistory', 'field');
/** Longer values (websites, names) are cut so the line stays one line. */
const VALUE_ROOM = 40;

function cut(text: string, room = VALUE_ROOM): string {
  return text.length > room ? `${text.slice(0, room - 1)}…` : text;
}

/** The first row dated `day` by `field`, preferring one `better` accepts. */
function latestRow(
  rows: readonly ServiceRecord[],
  field: string,
  day: string,
  better: (row: ServiceRecord) => boolean = () => true,
): ServiceRecord | undefined {
  const dated = rows.filter((row) => dayOf(row[field]) === day);
  return dated.find(better) ?? dated[0];
}

/** A history value as it reads: amounts compact, a blank said so. */
function historyValue(row: ServiceRecord, value: unknown): string {
  const text = textOf(value);
  if (text === undefined) return '(blank)';
  return (row.datatype === 'Currency' ? money(text) : undefined) ?? cut(text);
}

/** "AUM at Acme Pension $1.2B → $1.4B", or "Acme Pension created". */
function changePhrase(row: ServiceRecord, context: SummaryContext): string {
  const id = textOf(row.accountid);
  const account = id === undefined ? 'an account' : accountLabel(id, context.names);
  const field = textOf(row.field);
  if (field === 'created') return `${account} created`;
  const label = field === undefined ? 'a field' : valueLabel(HISTORY_FIELD, field);
  if (!('newvalue' in row) && !('oldvalue' in row)) return `${label} at ${account}`;
  return `${label} at ${account} ${historyValue(row, row.oldvalue)} → ${historyValue(row, row.newvalue)}`;
}

/**
 * "2,000 changes to 612 accounts from 3 Feb 2026 to 25 Nov 2026; most changed: AUM (812),
 * Owner (301); latest: AUM at Acme Pension $1.2B → $1.4B".
 */
export function historySummary(rows: readonly ServiceRecord[], context: SummaryContext): string {
  const accounts = distinct(rows, 'accountid');
  const range = dayRange(rows, 'createddate');
  const parts = [counted(rows.length, 'change')];
  if (accounts > 0) parts.push(` to ${counted(accounts, 'account')}`);
  parts.push(spanPhrase(range));
  const fields = tally(rows, (row) => textOf(row.field));
  if (fields.length > 0) {
    const most = fields.slice(0, 2).map(([field, n]) => {
      return `${valueLabel(HISTORY_FIELD, field)} (${formatCount(n)})`;
    });
    parts.push(`; most changed: ${most.join(', ')}`);
  }
  // Owner changes come twice, as IDs and as names: the names are the ones worth reading.
  const latest =
    range && latestRow(rows, 'createddate', range.last, (r) => r.datatype !== 'EntityId');
  if (latest !== undefined) parts.push(`; latest: ${changePhrase(latest, context)}`);
  return `${parts.join('')}${partNote(rows.length, context.total)}.`;
}

type UpdateKind = 'Job Change' | 'Role Change' | 'Field Change';

/** The update's kind: its type as served, else what its flags and changed field say. */
function updateKind(row: ServiceRecord): string | undefined {
  const type = textOf(row.type__c);
  if (type !== undefined) return type;
  if (row.job_change__c === true || row.job_change__c === 'true') return 'Job Change';
  if (row.role_change__c === true || row.role_change__c === 'true') return 'Role Change';
  return textOf(row.field_name__c) === undefined ? undefined : 'Field Change';
}

const KIND_NOUNS: Readonly<Record<UpdateKind, [string, string]>> = {
  'Job Change': ['job change', 'job changes'],
  'Role Change': ['role change', 'role changes'],
  'Field Change': ['field change', 'field changes'],
};

function kindCount([kind, n]: [string, number]): string {
  const nouns = KIND_NOUNS[kind as UpdateKind] as [string, string] | undefined;
  return nouns ? counted(n, ...nouns) : `${formatCount(n)} ${kind}`;
}

/** "Jane Doe to Acme Pension (24 Nov 2026)": who moved where, the latest first. */
function latestMove(rows: readonly ServiceRecord[], context: SummaryContext): string | undefined {
  const moves = rows.filter((row) => updateKind(row) === 'Job Change');
  const field = moves.some((row) => dayOf(row.last_updated_date__c))
    ? 'last_updated_date__c'
    : 'createddate';
  const last = dayRange(moves, field)?.last;
  const move = last === undefined ? moves[0] : latestRow(moves, field, last);
  if (move === undefined) return undefined;
  const who = textOf(move.contact_name__c) ?? textOf(move.contact__c) ?? 'a contact';
  const id = textOf(move.account__c);
  const where = id === undefined ? '' : ` to ${accountLabel(id, context.names)}`;
  return `${who}${where}${last === undefined ? '' : ` (${dayText(last)})`}`;
}

/**
 * "1,000 updates to 640 contacts at 300 accounts from 1 Sep 2026 to 25 Nov 2026: 120 job
 * changes, 250 role changes, 630 field changes; latest job change: Jane Doe to Acme Pension".
 */
export function updatesSummary(rows: readonly ServiceRecord[], context: SummaryContext): string {
  const contacts = Math.max(distinct(rows, 'contact__c'), distinct(rows, 'contact_name__c'));
  const accounts = distinct(rows, 'account__c');
  const parts = [counted(rows.length, 'update')];
  if (contacts > 0) parts.push(` to ${counted(contacts, 'contact')}`);
  if (accounts > 0) parts.push(` at ${counted(accounts, 'account')}`);
  const dated = rows.some((row) => dayOf(row.last_updated_date__c));
  parts.push(spanPhrase(dayRange(rows, dated ? 'last_updated_date__c' : 'createddate')));
  const kinds = tally(rows, updateKind);
  if (kinds.length > 0) parts.push(`: ${kinds.map(kindCount).join(', ')}`);
  const move = latestMove(rows, context);
  if (move !== undefined) parts.push(`; latest job change: ${move}`);
  return `${parts.join('')}${partNote(rows.length, context.total)}.`;
}

/**
 * "500 presentations from 3 Dec 2025 to 25 Nov 2026, by type: Quarterly Update 230, Pitch Book
 * 98, …; newest: “Acme Growth – Q3 2026 Investor Letter” (25 Nov 2026)".
 */
export function presentationsSummary(
  rows: readonly ServiceRecord[],
  context: SummaryContext,
): string {
  const range = dayRange(rows, 'createddate');
  const parts = [counted(rows.length, 'presentation'), spanPhrase(range)];
  const types = tally(rows, (row) => textOf(row.type__c));
  if (types.length > 0) {
    const named = types.map(([type, n]) => `${type} ${formatCount(n)}`);
    parts.push(`, by type: ${named.join(', ')}`);
  }
  // Served instants compare as text: the newest is the greatest.
  const newest = rows.reduce<ServiceRecord | undefined>((best, row) => {
    const at = textOf(row.createddate);
    return at !== undefined && (best === undefined || at > String(best.createddate)) ? row : best;
  }, undefined);
  const name = newest && textOf(newest.name);
  const day = newest && dayOf(newest.createddate);
  if (name !== undefined) {
    parts.push(`; newest: “${cut(name, 60)}”${day === undefined ? '' : ` (${dayText(day)})`}`);
  }
  return `${parts.join('')}${partNote(rows.length, context.total)}.`;
}
