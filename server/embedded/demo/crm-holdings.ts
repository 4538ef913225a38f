/**
 * Rows of `investment_holdings`: the fund positions each account holds.
 */
import type { SeedRow } from '../db/schema.ts';
import type { CrmWorld } from './crm.ts';
import { DAY_MS, addDays, dayWithin, instantBetween, startOfUtcDay } from './dates.ts';
import {
  ASSET_CLASSES,
  FUND_SPONSORS,
  FUND_STYLES,
  PARTNERSHIP_FORMS,
  SHARE_CLASSES,
} from './fund-names.ts';
import type { AssetClass } from './fund-names.ts';
import { Random } from './random.ts';
import { salesforceId } from './salesforce-ids.ts';

const MIN_HOLDINGS_PER_ACCOUNT = 5;
const MAX_HOLDINGS_PER_ACCOUNT = 30;
const ACQUIRED_WITHIN_DAYS = 15 * 365;
const MODIFIED_WITHIN_DAYS = 2 * 365;

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

function fundName(random: Random, assetClass: AssetClass): string {
  const style = FUND_STYLES[assetClass];
  const base = `${random.pick(FUND_SPONSORS)} ${random.pick(style.styles)}`;
  return style.shareClasses
    ? `${base} - ${random.pick(SHARE_CLASSES)}`
    : `${base}, ${random.pick(PARTNERSHIP_FORMS)}`;
}

/** Yields the holdings of every account of the world. */
export function* investmentHoldingRows(
  world: CrmWorld,
  seed: number,
  today: Date,
): Generator<SeedRow> {
  const random = Random.derive(seed, 'investment_holdings');
  const day = startOfUtcDay(today);
  const modifiedFloor = addDays(day, -MODIFIED_WITHIN_DAYS);
  let sequence = 0;
  for (const account of world.accounts) {
    const count = random.int(MIN_HOLDINGS_PER_ACCOUNT, MAX_HOLDINGS_PER_ACCOUNT);
    // Bigger investors write bigger tickets; the exponent keeps the spread realistic.
    const median = 1.5e6 * (account.aum / 4e9) ** 0.3;
    for (let index = 0; index < count; index += 1) {
      const assetClass = random.weighted(ASSET_CLASSES);
      const style = FUND_STYLES[assetClass];
      const balance = cents(random.logNormal(median, 1.6, 10_000, 500_000_000));
      const acquired = dayWithin(random, day, ACQUIRED_WITHIN_DAYS);
      const modifiedFrom = new Date(Math.max(acquired.getTime(), modifiedFloor.getTime()));
      yield {
        sfid: salesforceId('a0H', sequence),
        name: fundName(random, assetClass),
        account__c: account.id,
        fund_balance__c: balance,
        investment_income__c: cents(balance * random.normal(style.yield, style.spread)),
        date_acquired__c: acquired,
        asset_class__c: assetClass,
        lastmodifieddate: instantBetween(
          random,
          new Date(modifiedFrom.getTime() + DAY_MS / 3),
          today,
        ),
      };
      sequence += 1;
    }
  }
}
