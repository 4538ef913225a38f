/**
 * Rows of `accounthistory`: field changes of accounts. Each field's changes form a chain that
 * ends at the account's current value (each change's old value is the previous change's new
 * value), the way a real field history reads.
 */
import type { SeedRow } from '../db/schema.ts';
import { INDUSTRY_BY_TYPE, RATINGS, phoneNumber } from './crm.ts';
import type { Account, CrmWorld } from './crm.ts';
import { DAY_MS, addDays, startOfUtcDay } from './dates.ts';
import { METROS } from './metros.ts';
import { MANAGER_SUFFIXES } from './names.ts';
import { Random } from './random.ts';

type Value = string | null;

interface TrackedField {
  readonly field: string;
  readonly datatype: string;
  /** How many changes an account sees, at most (at least `min`). */
  readonly min: number;
  readonly max: number;
  readonly current: (account: Account) => Value;
  /** The value before `value`; null when the field was blank then. */
  readonly previous: (random: Random, account: Account, value: Value) => Value;
}

const OTHER_INDUSTRIES = ['Financial Services', 'Banking', 'Other', 'Asset Management'];

/** Backwards transitions of the Type picklist: what an account usually was before. */
const TYPE_BEFORE: Readonly<Record<string, Value>> = {
  Client: 'Prospect',
  'Former Client': 'Client',
  Partner: 'Prospect',
  Prospect: 'Former Client',
};

function differentFrom<T>(random: Random, items: readonly T[], current: T): T {
  const others = items.filter((item) => item !== current);
  return others.length === 0 ? current : random.pick(others);
}

/** Earlier names of an account; never another account's current name. */
const previousName =
  (otherNames: ReadonlySet<string>) =>
  (random: Random, account: Account, value: Value): Value => {
    const current = value ?? account.name;
    const candidates = [
      // A firm already incorporated was once recorded without its legal form, not as an LLC.
      current.endsWith(' Inc.') ? current.slice(0, -' Inc.'.length) : `${current} LLC`,
      current.replace(/^The /, ''),
      current.replace('Management', 'Mgmt'),
      current.replace('Company', 'Co.'),
      ...(account.kind === 'Asset Manager'
        ? MANAGER_SUFFIXES.map((suffix) => `${account.stem} ${suffix}`)
        : []),
    ].filter((name) => !otherNames.has(name));
    return differentFrom(random, candidates, current);
  };

/** The fields that follow the relationship: assets, rating, type and owner. */
function relationshipFields(users: CrmWorld['users']): readonly TrackedField[] {
  return [
    {
      field: 'AUM__c',
      datatype: 'Currency',
      min: 1,
      max: 8,
      current: (account) => String(account.aum),
      // A quarterly AUM update: assets grew (or shrank) by a market-like move since.
      previous: (random, _account, value) => {
        const before = Number(value) / (1 + random.normal(0.03, 0.08));
        return String(Math.max(1e6, Math.round(before / 1e6) * 1e6));
      },
    },
    {
      field: 'Rating',
      datatype: 'Picklist',
      min: 0,
      max: 3,
      current: (account) => account.rating,
      previous: (random, _account, value) => differentFrom<Value>(random, RATINGS, value),
    },
    {
      field: 'Type',
      datatype: 'Picklist',
      min: 0,
      max: 2,
      current: (account) => account.relationship,
      previous: (_random, _account, value) =>
        value === null ? null : (TYPE_BEFORE[value] ?? null),
    },
    {
      field: 'Owner',
      datatype: 'EntityId',
      min: 0,
      max: 3,
      current: (account) => account.owner.id,
      previous: (random, _account, value) =>
        differentFrom(
          random,
          users.map((user) => user.id),
          value,
        ),
    },
  ];
}

/** The account's own details: phone, industry, name, city and website. */
function profileFields(accountNames: ReadonlySet<string>): readonly TrackedField[] {
  return [
    {
      field: 'Phone',
      datatype: 'Phone',
      min: 0,
      max: 2,
      current: (account) => account.phone,
      previous: (random, account) =>
        random.chance(0.3) ? null : phoneNumber(random, account.metro),
    },
    {
      field: 'Industry',
      datatype: 'Picklist',
      min: 0,
      max: 1,
      current: (account) => INDUSTRY_BY_TYPE[account.kind],
      previous: (random, _account, value) => differentFrom(random, OTHER_INDUSTRIES, value),
    },
    {
      field: 'Name',
      datatype: 'Text',
      min: 0,
      max: 1,
      current: (account) => account.name,
      previous: previousName(accountNames),
    },
    {
      field: 'BillingCity',
      datatype: 'Text',
      min: 0,
      max: 1,
      current: (account) => account.metro.city,
      previous: (random, account) =>
        random.chance(0.75) ? null : differentFrom(random, METROS, account.metro).city,
    },
    {
      field: 'Website',
      datatype: 'Url',
      min: 0,
      max: 1,
      current: (account) => `https://www.${account.domain}`,
      previous: (_random, _account, value) => value?.replace('https://', 'http://') ?? null,
    },
  ];
}

/** The tracked fields, in the order their changes are drawn (the demo data depends on it). */
function trackedFields(world: CrmWorld): readonly TrackedField[] {
  const accountNames = new Set(world.accounts.map((account) => account.name));
  return [...relationshipFields(world.users), ...profileFields(accountNames)];
}

interface Change {
  readonly day: Date;
  readonly row: SeedRow;
}

/** `count` distinct days within `span` days after `created`, in order. */
function changeDays(random: Random, created: Date, span: number, count: number): Date[] {
  const offsets = new Set<number>();
  while (offsets.size < Math.min(count, span)) offsets.add(random.int(1, span));
  return [...offsets].sort((a, b) => a - b).map((offset) => addDays(created, offset));
}

/** Yields the field history of every account, oldest change first within an account. */
export function* accountHistoryRows(
  world: CrmWorld,
  seed: number,
  today: Date,
): Generator<SeedRow> {
  const random = Random.derive(seed, 'accounthistory');
  const day = startOfUtcDay(today);
  const fields = trackedFields(world);
  const userName = (id: Value) => world.users.find((user) => user.id === id)?.name ?? null;
  for (const account of world.accounts) {
    const changes: Change[] = [
      {
        day: account.created,
        row: {
          accountid: account.id,
          field: 'created',
          datatype: 'Text',
          createddate: account.created,
        },
      },
    ];
    const age = Math.round((day.getTime() - account.created.getTime()) / DAY_MS);
    for (const tracked of fields) {
      // Young accounts have had less time to change: about one change per field a quarter.
      const count = Math.min(
        random.int(tracked.min, tracked.max),
        Math.max(tracked.min, Math.ceil(age / 90)),
      );
      const days = changeDays(random, account.created, age, count);
      let value = tracked.current(account);
      // Walk back from today's value so the chain ends exactly where the account is now.
      for (let index = days.length - 1; index >= 0 && value !== null; index -= 1) {
        const when = days[index] as Date;
        const before = tracked.previous(random, account, value);
        const row = { accountid: account.id, field: tracked.field, createddate: when };
        changes.push({
          day: when,
          row: { ...row, datatype: tracked.datatype, oldvalue: before, newvalue: value },
        });
        if (tracked.field === 'Owner') {
          // Salesforce records an owner change twice: once as ids, once as names.
          changes.push({
            day: when,
            row: {
              ...row,
              datatype: 'Text',
              oldvalue: userName(before),
              newvalue: userName(value),
            },
          });
        }
        value = before;
      }
    }
    changes.sort((a, b) => a.day.getTime() - b.day.getTime());
    for (const change of changes) yield change.row;
  }
}
