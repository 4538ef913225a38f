import { beforeAll, describe, expect, it } from 'vitest';
import { MODULE_IDS } from '#contract/catalog';
import { formatDay, resolveDateRange } from '#contract/operators';
import { PLANTED_PRESENTATIONS } from './crm-presentations.ts';
import { buildCrmWorld } from './crm.ts';
import { ASSET_CLASSES } from './fund-names.ts';
import { isValidSalesforceId } from './salesforce-ids.ts';
import { DEFAULT_SEED } from './seed.ts';
import type { SeedCounts } from './seed.ts';
import {
  TODAY,
  distinct,
  futureValues,
  query,
  scalar,
  seeded,
} from '../../../testing/demo-data.ts';
import type { Seeded } from '../../../testing/demo-data.ts';

const LAST_30 = resolveDateRange('last_30_days', TODAY);
const TODAY_DAY = formatDay(TODAY);
/** TIMESTAMP literal of TODAY, for "nothing after now". */
const NOW = `TIMESTAMP '${TODAY.toISOString().slice(0, 19).replace('T', ' ')}'`;
/** The last second of the day before TODAY: the moment the demo data is "as of". */
const AS_OF = `TIMESTAMP '2026-03-14 23:59:59'`;

let demo: Seeded;
let twin: Seeded;

beforeAll(async () => {
  // The same day at another hour: the data depends on the seed and the calendar day only.
  const earlierSameDay = new Date('2026-03-15T02:05:00Z');
  [demo, twin] = await Promise.all([seeded({ today: TODAY }), seeded({ today: earlierSameDay })]);
});

async function fingerprint(data: Seeded, table: string): Promise<unknown> {
  return scalar(
    data.connection,
    `SELECT md5(string_agg(t::VARCHAR, '|' ORDER BY t._row)) FROM "${table}" t`,
  );
}

/** A table without row ids, in a canonical order. */
async function rawFingerprint(data: Seeded, table: string): Promise<unknown> {
  return scalar(
    data.connection,
    `SELECT md5(string_agg(t::VARCHAR, '|' ORDER BY t::VARCHAR)) FROM "${table}" t`,
  );
}

describe('seedDemoData', () => {
  it('loads every table and reports the row counts it wrote', async () => {
    for (const table of Object.keys(demo.counts) as (keyof SeedCounts)[]) {
      const count = await scalar(demo.connection, `SELECT count(*)::INTEGER FROM "${table}"`);
      expect(count, table).toBe(demo.counts[table]);
    }
    expect(demo.counts.investment_holdings).toBeGreaterThanOrEqual(4_000);
    expect(demo.counts.investment_holdings).toBeLessThanOrEqual(6_000);
    expect(demo.counts.accounthistory).toBeGreaterThanOrEqual(3_000);
    expect(demo.counts.updates).toBeGreaterThanOrEqual(2_500);
    expect(demo.counts.manager_presentation__c).toBe(800 + PLANTED_PRESENTATIONS.length);
    expect(demo.counts.metro_area__c).toBeGreaterThanOrEqual(50);
    expect(demo.counts.thirteenf_filing).toBeGreaterThan(150);
    // Split positions make more raw rows than derived ones; sold-out rows make derived ones.
    const derived = await scalar(demo.connection, 'SELECT count(*)::INTEGER FROM "13f_holdings"');
    expect(derived).toBeGreaterThanOrEqual(8_000);
    expect(demo.counts.thirteenf_infotable).toBeGreaterThan(Number(derived) * 0.9);
  });

  it('produces identical data for the same seed and day, whatever the hour', async () => {
    for (const module of MODULE_IDS) {
      expect(await fingerprint(twin, module), module).toBe(await fingerprint(demo, module));
    }
    for (const table of ['thirteenf_filing', 'thirteenf_infotable', 'filer_match']) {
      expect(await rawFingerprint(twin, table), table).toBe(await rawFingerprint(demo, table));
    }
  });

  it('only references accounts and contacts of the generated world', async () => {
    const world = buildCrmWorld(DEFAULT_SEED, TODAY);
    const accounts = new Set(world.accounts.map((account) => account.id));
    const contacts = new Map(world.contacts.map((contact) => [contact.id, contact]));
    const references: readonly [string, string][] = [
      ['investment_holdings', 'account__c'],
      ['accounthistory', 'accountid'],
      ['updates', 'account__c'],
      ['13f_holdings', 'service_account_id'],
    ];
    for (const [table, column] of references) {
      const ids = await distinct(demo.connection, table, column);
      expect(ids.length, `${table}.${column}`).toBeGreaterThan(0);
      expect(
        ids.filter((id) => !accounts.has(id)),
        `${table}.${column}`,
      ).toEqual([]);
    }
    const updates = await query(
      demo.connection,
      'SELECT DISTINCT contact__c, contact_name__c, account__c FROM updates',
    );
    expect(updates.length).toBeGreaterThan(500);
    const inconsistent = updates.filter((row) => {
      const contact = contacts.get(String(row.contact__c));
      return row.contact_name__c !== contact?.name || row.account__c !== contact?.account.id;
    });
    expect(inconsistent).toEqual([]);
  });

  it('dates nothing after the end of yesterday, yet fills yesterday', async () => {
    const lastSecondOfYesterday = new Date('2026-03-14T23:59:59Z'); // AS_OF
    expect(await futureValues(demo.connection, lastSecondOfYesterday)).toEqual([]);
    const yesterday = await scalar(
      demo.connection,
      `SELECT count(*)::INTEGER FROM updates WHERE last_updated_date__c = DATE '2026-03-14'`,
    );
    expect(yesterday).toBeGreaterThan(0);
  });

  it('gives every record id a valid 18-character Salesforce id', async () => {
    const columns: readonly [string, string][] = [
      ['investment_holdings', 'sfid'],
      ['investment_holdings', 'account__c'],
      ['updates', 'sfid'],
      ['updates', 'contact__c'],
      ['13f_holdings', 'service_investment_strategy_id'],
    ];
    for (const [table, column] of columns) {
      const ids = await distinct(demo.connection, table, column);
      expect(ids.length, `${table}.${column}`).toBeGreaterThan(0);
      expect(ids.filter((id) => !isValidSalesforceId(id))).toEqual([]);
    }
    const owners = await query(
      demo.connection,
      `SELECT oldvalue, newvalue FROM accounthistory WHERE field = 'Owner' AND datatype = 'EntityId'`,
    );
    expect(owners.length).toBeGreaterThan(0);
    const invalid = owners
      .flatMap((row) => [String(row.oldvalue), String(row.newvalue)])
      .filter((id) => !isValidSalesforceId(id));
    expect(invalid).toEqual([]);
    const sfids = await scalar(
      demo.connection,
      'SELECT count(DISTINCT sfid)::INTEGER FROM updates',
    );
    expect(sfids).toBe(demo.counts.updates);
  });
});

describe('updates', () => {
  it('has updates in the last 30 days and none after today', async () => {
    const [row] = await query(
      demo.connection,
      `SELECT count(*) FILTER (WHERE last_updated_date__c BETWEEN DATE '${LAST_30.first}'
                               AND DATE '${LAST_30.last}')::INTEGER AS recent,
              count(*) FILTER (WHERE last_updated_date__c > DATE '${TODAY_DAY}'
                               OR createddate > ${NOW} OR lastmodifieddate > ${NOW})::INTEGER AS future,
              count(*) FILTER (WHERE createddate = ${AS_OF})::INTEGER AS atAsOf,
              count(*) FILTER (WHERE createddate > lastmodifieddate
                               OR createddate::DATE < last_updated_date__c)::INTEGER AS disordered,
              min(last_updated_date__c)::VARCHAR AS oldest
       FROM updates`,
    );
    expect(row?.recent).toBeGreaterThan(50);
    expect(row?.future).toBe(0);
    expect(row?.disordered).toBe(0);
    // Updates found on the last day spread over that day instead of piling up at its end.
    expect(row?.atAsOf).toBeLessThanOrEqual(1);
    expect(String(row?.oldest) >= formatDay(new Date(TODAY.getTime() - 731 * 86_400_000))).toBe(
      true,
    );
  });

  it('sets the change flags and field names to match the update type', async () => {
    const rows = await query(
      demo.connection,
      `SELECT type__c, job_change__c, role_change__c, field_name__c, count(*)::INTEGER AS n
       FROM updates GROUP BY ALL`,
    );
    for (const row of rows) {
      expect(row.job_change__c).toBe(row.type__c === 'Job Change');
      expect(row.role_change__c).toBe(row.type__c === 'Role Change');
      if (row.type__c === 'Job Change') expect(row.field_name__c).toBe('AccountId');
      if (row.type__c === 'Role Change') expect(row.field_name__c).toBe('Title');
    }
    expect(new Set(rows.map((row) => row.type__c))).toEqual(
      new Set(['Job Change', 'Role Change', 'Field Change']),
    );
  });
});

describe('account history', () => {
  it('chains each field: every old value is the previous new value', async () => {
    const broken = await scalar(
      demo.connection,
      `SELECT count(*)::INTEGER FROM (
         SELECT oldvalue, lag(newvalue) OVER (
           PARTITION BY accountid, field, datatype ORDER BY createddate, _row) AS before
         FROM accounthistory WHERE field <> 'created')
       WHERE before IS NOT NULL AND oldvalue IS DISTINCT FROM before`,
    );
    expect(broken).toBe(0);
  });

  it('has changes in the last 30 days, none in the future, and typed fields', async () => {
    const [row] = await query(
      demo.connection,
      `SELECT count(*) FILTER (WHERE createddate >= DATE '${LAST_30.first}')::INTEGER AS recent,
              count(*) FILTER (WHERE createddate > DATE '${TODAY_DAY}')::INTEGER AS future,
              count(*) FILTER (WHERE field = 'AUM__c' AND (datatype <> 'Currency'
                               OR NOT regexp_full_match(newvalue, '[0-9]+')))::INTEGER AS badAum
       FROM accounthistory`,
    );
    expect(row?.recent).toBeGreaterThan(0);
    expect(row?.future).toBe(0);
    expect(row?.badAum).toBe(0);
  });
});

describe('investment holdings, metro areas and presentations', () => {
  it('keeps holdings within realistic bounds and dates', async () => {
    const [row] = await query(
      demo.connection,
      `SELECT min(fund_balance__c) AS low, max(fund_balance__c) AS high,
              count(*) FILTER (WHERE round(fund_balance__c, 2) <> fund_balance__c)::INTEGER AS fractional,
              count(*) FILTER (WHERE investment_income__c < 0)::INTEGER AS losses,
              count(*) FILTER (WHERE lastmodifieddate > ${NOW}
                               OR lastmodifieddate < date_acquired__c)::INTEGER AS misdated
       FROM investment_holdings`,
    );
    expect(row?.low).toBeGreaterThanOrEqual(10_000);
    expect(row?.high).toBeLessThanOrEqual(500_000_000);
    expect(row?.fractional).toBe(0);
    expect(row?.losses).toBeGreaterThan(0);
    expect(row?.misdated).toBe(0);
    const classes = await distinct(demo.connection, 'investment_holdings', 'asset_class__c');
    expect(new Set(classes)).toEqual(new Set(ASSET_CLASSES.map(([label]) => label)));
  });

  it('names real countries for metro areas, with some created in the last 30 days', async () => {
    const [row] = await query(
      demo.connection,
      `SELECT count(*) FILTER (WHERE coalesce(trim(country__c), '') = '')::INTEGER AS blank,
              count(DISTINCT sort_order__c)::INTEGER AS orders, count(*)::INTEGER AS total,
              count(*) FILTER (WHERE createddate >= DATE '${LAST_30.first}'
                               AND createddate <= ${NOW})::INTEGER AS recent
       FROM metro_area__c`,
    );
    expect(row?.blank).toBe(0);
    expect(row?.orders).toBe(row?.total);
    expect(row?.recent).toBeGreaterThan(0);
    const tokyo = await query(
      demo.connection,
      `SELECT country__c FROM metro_area__c WHERE name = 'Tokyo'`,
    );
    expect(tokyo).toEqual([{ country__c: 'Japan' }]);
  });

  it('opens the presentations, newest first, on real documents: the planted ones sit further down', async () => {
    const newest = await query(
      demo.connection,
      'SELECT url FROM manager_presentation__c ORDER BY createddate DESC LIMIT 20',
    );
    const planted = new Set<unknown>(PLANTED_PRESENTATIONS.map((row) => row.url));
    expect(newest.filter((row) => planted.has(row.url))).toEqual([]);
  });

  it('links every presentation but the planted ones to an https document named like the record', async () => {
    const rows = await query(
      demo.connection,
      'SELECT url, document_name FROM manager_presentation__c',
    );
    expect(rows).toHaveLength(demo.counts.manager_presentation__c);
    const planted = new Set<unknown>(PLANTED_PRESENTATIONS.map((row) => row.url));
    const broken = rows
      .filter((row) => !planted.has(row.url))
      .filter(
        (row) =>
          !String(row.url).startsWith('https://') ||
          !String(row.url).endsWith(`/${String(row.document_name)}`),
      );
    expect(broken).toEqual([]);
  });
});
