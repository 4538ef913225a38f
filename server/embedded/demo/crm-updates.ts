/**
 * Rows of `updates`: job changes, role changes and field changes detected on contacts. A
 * contact's updates always name the contact's current account; a job change (the move to that
 * account) is therefore always the contact's earliest update.
 */
import type { SeedRow } from '../db/schema.ts';
import type { Contact, CrmWorld } from './crm.ts';
import {
  DAY_MS,
  addDays,
  businessInstant,
  instantBetween,
  recentDay,
  startOfUtcDay,
} from './dates.ts';
import { Random } from './random.ts';
import { salesforceId } from './salesforce-ids.ts';

type UpdateType = 'Job Change' | 'Role Change' | 'Field Change';

/** Contact fields whose changes are reported as plain field changes. */
const CHANGED_FIELDS = ['Email', 'Phone', 'MobilePhone', 'MailingCity', 'Department'] as const;

const UPDATES_PER_CONTACT: readonly (readonly [number, number])[] = [
  [0, 15],
  [1, 25],
  [2, 25],
  [3, 20],
  [4, 15],
];
const HISTORY_DAYS = 2 * 365;
/** Updates are detected up to two days after the change and may be edited for a week after. */
const DETECTION_LAG_DAYS = 2;
const EDIT_WINDOW_MS = 7 * DAY_MS;

interface Update {
  readonly contact: Contact;
  readonly type: UpdateType;
  readonly field: string;
  readonly day: Date;
  readonly created: Date;
  readonly modified: Date;
}

function fieldFor(random: Random, type: UpdateType): string {
  if (type === 'Job Change') return 'AccountId';
  if (type === 'Role Change') return 'Title';
  return random.pick(CHANGED_FIELDS);
}

function describe(update: Update): string {
  if (update.type === 'Field Change') return `${update.contact.name} – ${update.field} updated`;
  return `${update.contact.name} – ${update.type}`;
}

/** Any update after a move is a role change or, more often, a plain field change. */
function laterType(random: Random): UpdateType {
  return random.chance(0.3) ? 'Role Change' : 'Field Change';
}

/** A contact's updates; `today` is an instant and bounds every datetime. */
function contactUpdates(random: Random, contact: Contact, today: Date): Update[] {
  const count = random.weighted(UPDATES_PER_CONTACT);
  const days = Array.from({ length: count }, () => recentDay(random, today, HISTORY_DAYS)).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  const startsWithMove = random.chance(0.3);
  return days.map((day, index) => {
    const type: UpdateType = index === 0 && startsWithMove ? 'Job Change' : laterType(random);
    const lag = addDays(day, random.int(0, DETECTION_LAG_DAYS));
    const detected = lag.getTime() > today.getTime() ? startOfUtcDay(today) : lag;
    const created = businessInstant(random, detected, today);
    const modified = random.chance(0.6)
      ? created
      : instantBetween(
          random,
          created,
          new Date(Math.min(created.getTime() + EDIT_WINDOW_MS, today.getTime())),
        );
    return { contact, type, field: fieldFor(random, type), day, created, modified };
  });
}

/** Yields every contact update, oldest first, ids in creation order as Salesforce assigns. */
export function* updateRows(world: CrmWorld, seed: number, today: Date): Generator<SeedRow> {
  const random = Random.derive(seed, 'updates');
  const all = world.contacts.flatMap((contact) => contactUpdates(random, contact, today));
  all.sort((a, b) => a.created.getTime() - b.created.getTime());
  for (const [index, update] of all.entries()) {
    yield {
      sfid: salesforceId('a0U', index),
      name: describe(update),
      type__c: update.type,
      field_name__c: update.field,
      contact__c: update.contact.id,
      contact_name__c: update.contact.name,
      account__c: update.contact.account.id,
      job_change__c: update.type === 'Job Change',
      role_change__c: update.type === 'Role Change',
      last_updated_date__c: update.day,
      createddate: update.created,
      lastmodifieddate: update.modified,
    };
  }
}
