/**
 * Synthetic result rows for the chart bench page, shaped as the service sends them (numbers
 * sometimes as numeric strings, dates as `YYYY-MM-DD`, datetimes as ISO 8601 UTC). Seeded: the
 * same rows on every run and machine.
 */
import type { ServiceRecord } from '#contract/response';
import { ASSET_CLASSES } from '../../server/embedded/demo/fund-names.ts';
import { random } from '../table-page/rows.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const pick = <T>(list: readonly T[], next: () => number): T =>
  list[Math.floor(next() * list.length)] as T;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` and an ISO instant on that day, for a day number since 1970-01-01. */
function dayAndInstant(day: number, next: () => number): { day: string; instant: string } {
  const date = new Date(day * DAY_MS + Math.floor(next() * DAY_MS));
  const iso = date.toISOString();
  return { day: iso.slice(0, 10), instant: `${iso.slice(0, 19)}Z` };
}

const UPDATES_FROM = Date.UTC(2020, 6, 1) / DAY_MS;
const UPDATES_TO = Date.UTC(2025, 5, 30) / DAY_MS;
const CHANGED_FIELDS = ['Email', 'Phone', 'MobilePhone', 'MailingCity', 'Department'];
const CONTACTS = ['Ada Park', 'Ben Okafor', 'Chloé Martin', 'Dev Rao', 'Eva Lind', 'Femi Adeyemi'];

/**
 * `count` contact updates spread evenly over five years (July 2020 to June 2025): about 10 %
 * job changes, 25 % role changes, the rest plain field changes, flags as booleans.
 */
export function updatesRows(count: number, seed = 8): ServiceRecord[] {
  const next = random(seed);
  const rows = new Array<ServiceRecord>(count);
  for (let index = 0; index < count; index++) {
    const roll = next();
    const type = roll < 0.1 ? 'Job Change' : roll < 0.35 ? 'Role Change' : 'Field Change';
    const field =
      type === 'Job Change'
        ? 'AccountId'
        : type === 'Role Change'
          ? 'Title'
          : pick(CHANGED_FIELDS, next);
    const changed = dayAndInstant(
      UPDATES_FROM + Math.floor(next() * (UPDATES_TO - UPDATES_FROM + 1)),
      next,
    );
    const contact = pick(CONTACTS, next);
    rows[index] = {
      sfid: `a0U${pad(index, 12)}`,
      name: type === 'Field Change' ? `${contact} – ${field} updated` : `${contact} – ${type}`,
      type__c: type,
      field_name__c: field,
      contact__c: `003${pad(index % 20_000, 12)}`,
      contact_name__c: contact,
      account__c: `001${pad(index % 3_000, 12)}`,
      job_change__c: type === 'Job Change',
      role_change__c: type === 'Role Change',
      last_updated_date__c: changed.day,
      createddate: changed.instant,
      lastmodifieddate: changed.instant,
    };
  }
  return rows;
}

// The asset classes of investment holdings, with how common each is: the demo data's.
const CLASS_WEIGHT = ASSET_CLASSES.reduce((total, [, weight]) => total + weight, 0);

function assetClass(next: () => number): string {
  let roll = next() * CLASS_WEIGHT;
  for (const [label, weight] of ASSET_CLASSES) {
    roll -= weight;
    if (roll < 0) return label;
  }
  return ASSET_CLASSES[0][0];
}

/** `count` investment holdings over the nine asset classes, balances as strings or numbers. */
export function investmentHoldingsRows(count: number, seed = 9): ServiceRecord[] {
  const next = random(seed);
  const rows = new Array<ServiceRecord>(count);
  for (let index = 0; index < count; index++) {
    const balance = Math.round(10_000 * Math.exp(next() * 10)) + next();
    const acquired = dayAndInstant(UPDATES_FROM + Math.floor(next() * 1800), next);
    const asString = next() < 0.7;
    rows[index] = {
      sfid: `a0H${pad(index, 12)}`,
      name: `Fund ${index % 500} ${pick(['Core', 'Plus', 'Income', 'Growth'], next)}`,
      account__c: `001${pad(index % 3_000, 12)}`,
      fund_balance__c: asString ? balance.toFixed(2) : Number(balance.toFixed(2)),
      investment_income__c: (balance * (next() * 0.08 - 0.01)).toFixed(2),
      date_acquired__c: acquired.day,
      // A few holdings without a class: the chart shows them as "(none)".
      asset_class__c: next() < 0.002 ? null : assetClass(next),
      lastmodifieddate: acquired.instant,
    };
  }
  return rows;
}

/** The one filer and period of the 13F rows. */
export const THIRTEEN_F_FILER = 'BENCH CAPITAL MANAGEMENT LLC';
export const THIRTEEN_F_PERIOD = '2024-06-30';
const THIRTEEN_F_FILED = '2024-08-09 16:30:00';
const STATUSES = ['ADDED', 'REDUCED', 'UNCHANGED', 'NEW'];
const ISSUER_WORDS = [
  'ACME',
  'GLOBAL',
  'NORTHERN',
  'PACIFIC',
  'UNITED',
  'ATLAS',
  'SUMMIT',
  'RIVER',
];
const ISSUER_KINDS = ['INC', 'CORP', 'HLDGS INC', 'CO', 'PLC', 'LTD', 'GROUP INC', 'TR'];

/**
 * `count` 13F rows of ONE filer in ONE period, one security each (as the service aggregates
 * them by CUSIP): a few SOLD OUT rows (0 shares, 0 value, weight 0), the rest with values
 * spread over six orders of magnitude and served `portfolio_pct_weight`s (value / total × 100)
 * that add up to 100, so the charts know the result is the whole portfolio and fetch none of
 * it. No `service_account_*` fields: the charts look the filer's account up themselves.
 */
export function thirteenFRows(count: number, seed = 13): ServiceRecord[] {
  const next = random(seed);
  const values = new Float64Array(count);
  const sold = new Uint8Array(count);
  let total = 0;
  for (let index = 0; index < count; index++) {
    sold[index] = next() < 0.03 ? 1 : 0;
    const value = sold[index] ? 0 : Math.round(1e3 * Math.exp(next() * 14));
    values[index] = value;
    total += value;
  }
  const rows = new Array<ServiceRecord>(count);
  for (let index = 0; index < count; index++) {
    const value = values[index] ?? 0;
    const shares = sold[index] ? 0 : Math.max(1, Math.round(value / (5 + next() * 400)));
    const status = sold[index] ? 'SOLD OUT' : pick(STATUSES, next);
    const ticker = next() < 0.6 ? `T${index.toString(36).toUpperCase()}` : null;
    const cusip = `${index.toString(36).toUpperCase().padStart(8, '0')}${index % 10}`;
    const weight = (value / total) * 100;
    const asString = next() < 0.7;
    const change =
      status === 'NEW'
        ? null
        : status === 'SOLD OUT'
          ? -100
          : Number(((next() - 0.5) * 200).toFixed(2));
    rows[index] = {
      name: `${THIRTEEN_F_FILER} ${THIRTEEN_F_PERIOD} ${ticker ?? cusip}`,
      nameofissuer: `${pick(ISSUER_WORDS, next)} ${pick(ISSUER_WORDS, next)} ${pick(ISSUER_KINDS, next)}`,
      ticker,
      cusip,
      value: asString ? String(value) : value,
      shrsorprnamt: asString ? String(shares) : shares,
      filedat: THIRTEEN_F_FILED,
      periodofreport: THIRTEEN_F_PERIOD,
      companyname: THIRTEEN_F_FILER,
      status,
      pct_change_qoq: change === null ? null : asString ? change.toFixed(2) : change,
      portfolio_pct_weight: asString ? String(weight) : weight,
    };
  }
  return rows;
}
