/**
 * The CRM world behind the demo: accounts (asset managers and institutions), their investment
 * strategies, the contacts who work there and the users who own the accounts. Every CRM module
 * draws its references from here, so ids in one module always exist in another.
 */
import { addDays, dayWithin, startOfUtcDay } from './dates.ts';
import { METROS, metroWeight } from './metros.ts';
import type { Metro } from './metros.ts';
import {
  FIRM_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  MANAGER_SUFFIXES,
  PENSION_FORMS,
  PENSION_REGIONS,
  TITLES,
} from './names.ts';
import { Random } from './random.ts';
import { REAL_MANAGERS } from './real-managers.ts';
import { salesforceId } from './salesforce-ids.ts';

export type AccountType =
  | 'Asset Manager'
  | 'Pension Fund'
  | 'Endowment'
  | 'Foundation'
  | 'Family Office'
  | 'Insurance Company'
  | 'Investment Consultant';

/** The Industry picklist value that goes with each kind of account. */
export const INDUSTRY_BY_TYPE: Readonly<Record<AccountType, string>> = {
  'Asset Manager': 'Asset Management',
  'Pension Fund': 'Pension',
  Endowment: 'Endowment & Foundation',
  Foundation: 'Endowment & Foundation',
  'Family Office': 'Family Office',
  'Insurance Company': 'Insurance',
  'Investment Consultant': 'Investment Consulting',
};

/** Values of the account Rating picklist. */
export const RATINGS = ['Hot', 'Warm', 'Cold'] as const;

export interface Account {
  readonly id: string;
  readonly name: string;
  /** The place-like word the name starts with, reused for strategies and filer names. */
  readonly stem: string;
  readonly kind: AccountType;
  readonly metro: Metro;
  readonly phone: string;
  /** Web domain, also used for the contacts' e-mail addresses. */
  readonly domain: string;
  /** Assets under management in USD, rounded to millions. */
  readonly aum: number;
  readonly relationship: string;
  readonly rating: string;
  readonly owner: User;
  /** The UTC day the account record was created. */
  readonly created: Date;
}

interface Strategy {
  readonly id: string;
  readonly name: string;
  readonly account: Account;
}

export interface Contact {
  readonly id: string;
  readonly name: string;
  readonly account: Account;
  readonly title: string;
  readonly email: string;
  readonly phone: string;
  readonly metro: Metro;
}

interface User {
  readonly id: string;
  readonly name: string;
}

export interface CrmWorld {
  readonly accounts: readonly Account[];
  readonly strategies: readonly Strategy[];
  /**
   * The strategy each real 13F filer's rows are matched to, by CIK (real-managers.ts); its
   * account is an ordinary account of the world, with holdings, history and updates.
   */
  readonly filerStrategies: ReadonlyMap<string, Strategy>;
  readonly contacts: readonly Contact[];
  readonly users: readonly User[];
}

const ACCOUNT_COUNT = 300;
const STRATEGY_COUNT = 40;
const STRATEGY_MANAGERS = 24;
const USER_COUNT = 12;
/** Accounts were created over the last three years; changes to them follow. */
const ACCOUNT_AGE_DAYS = 3 * 365;

const STRATEGY_STYLES = [
  'Global Equity',
  'US Large Cap Core',
  'Core Fixed Income',
  'Emerging Markets Debt',
  'Small Cap Value',
  'Multi-Asset Income',
  'Long/Short Equity',
  'Private Credit',
  'Real Estate Opportunity',
  'Infrastructure Income',
  'Short Duration Credit',
  'International Growth',
] as const;

const TYPE_WEIGHTS: readonly (readonly [AccountType, number])[] = [
  ['Asset Manager', 45],
  ['Pension Fund', 14],
  ['Endowment', 8],
  ['Foundation', 8],
  ['Family Office', 11],
  ['Insurance Company', 8],
  ['Investment Consultant', 6],
];

function accountName(random: Random, kind: AccountType, stem: string): string {
  switch (kind) {
    case 'Asset Manager':
      return `${stem} ${random.pick(MANAGER_SUFFIXES)}`;
    case 'Pension Fund':
      return `${random.pick(PENSION_REGIONS)} ${random.pick(PENSION_FORMS)}`;
    case 'Endowment':
      return random.chance(0.6) ? `${stem} University Endowment` : `${stem} College Endowment Fund`;
    case 'Foundation':
      return `The ${stem} Foundation`;
    case 'Family Office':
      return `${stem} Family Office`;
    case 'Insurance Company':
      return random.chance(0.5) ? `${stem} Life Insurance Company` : `${stem} Mutual Insurance`;
    case 'Investment Consultant':
      return `${stem} Consulting Group`;
  }
}

/** Letters only, lower case, no accents: for e-mail addresses and web domains. */
function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll('ø', 'o')
    .replaceAll('ß', 'ss')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** A local-format phone number behind the metro's dialling prefix. */
export function phoneNumber(random: Random, metro: Metro): string {
  return `${metro.dial} ${random.int(200, 989)} ${String(random.int(0, 9999)).padStart(4, '0')}`;
}

function pickMetro(random: Random): Metro {
  return random.weighted(METROS.map((metro, index) => [metro, metroWeight(index)] as const));
}

function personName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

function buildUsers(random: Random): User[] {
  const names = new Set<string>();
  while (names.size < USER_COUNT) names.add(personName(random));
  return [...names].map((name, index) => ({ id: salesforceId('005', index), name }));
}

interface AccountIdentity {
  readonly name: string;
  readonly stem: string;
  readonly kind: AccountType;
  readonly metro: Metro;
  readonly aum: number;
  /** The web domain; by default one made from the name. */
  readonly domain?: string;
}

/** An account with the given identity and drawn relationship details. */
function makeAccount(
  random: Random,
  index: number,
  identity: AccountIdentity,
  users: readonly User[],
  today: Date,
): Account {
  return {
    ...identity,
    id: salesforceId('001', index),
    phone: phoneNumber(random, identity.metro),
    domain: identity.domain ?? `${asciiSlug(identity.name).slice(0, 24)}.com`,
    relationship: random.weighted([
      ['Client', 45],
      ['Prospect', 40],
      ['Former Client', 8],
      ['Partner', 7],
    ]),
    rating: random.pick(RATINGS),
    owner: random.pick(users),
    created: addDays(dayWithin(random, today, ACCOUNT_AGE_DAYS - 45), -45),
  };
}

/** The real filers' accounts (real-managers.ts), first and in that order. */
function realAccounts(random: Random, users: readonly User[], today: Date): Account[] {
  return REAL_MANAGERS.map((manager, index) => {
    const metro = METROS.find((candidate) => candidate.name === manager.metro);
    if (metro === undefined) throw new Error(`No metro ${manager.metro}`);
    const { name, stem, kind, aum } = manager;
    // `.example` (RFC 2606): the demo's invented contacts get no address at a real firm's domain.
    const domain = `${asciiSlug(stem)}.example`;
    return makeAccount(random, index, { name, stem, kind, metro, aum, domain }, users, today);
  });
}

function buildAccounts(random: Random, users: readonly User[], today: Date): Account[] {
  const accounts = realAccounts(random, users, today);
  const names = new Set<string>(accounts.map((account) => account.name));
  while (accounts.length < ACCOUNT_COUNT) {
    const kind = random.weighted(TYPE_WEIGHTS);
    const stem = random.pick(FIRM_WORDS);
    const name = accountName(random, kind, stem);
    if (names.has(name)) continue;
    names.add(name);
    const metro = pickMetro(random);
    const aumMedian = kind === 'Asset Manager' ? 25e9 : 4e9;
    const aum = Math.round(random.logNormal(aumMedian, 1.3, 5e7, 2e12) / 1e6) * 1e6;
    const identity = { name, stem, kind, metro, aum };
    accounts.push(makeAccount(random, accounts.length, identity, users, today));
  }
  return accounts;
}

/**
 * The strategies: first one per real filer, which its 13F rows are matched to, then those of
 * invented asset managers.
 */
function buildStrategies(random: Random, accounts: readonly Account[]): Strategy[] {
  // buildAccounts puts the real filers' accounts first.
  const real = accounts.slice(0, REAL_MANAGERS.length);
  const strategies: Strategy[] = real.map((account, index) => ({
    id: salesforceId('a0S', index),
    name: `${account.stem} Equity Portfolio`,
    account,
  }));
  const managers = random.sample(
    accounts.slice(REAL_MANAGERS.length).filter((account) => account.kind === 'Asset Manager'),
    STRATEGY_MANAGERS,
  );
  // Every chosen manager runs at least one strategy; the rest go to random managers.
  const owners = [
    ...managers,
    ...Array.from({ length: STRATEGY_COUNT - managers.length }, () => random.pick(managers)),
  ];
  const taken = new Set<string>();
  for (const account of owners) {
    let style = random.pick(STRATEGY_STYLES);
    while (taken.has(`${account.id} ${style}`)) style = random.pick(STRATEGY_STYLES);
    taken.add(`${account.id} ${style}`);
    strategies.push({
      id: salesforceId('a0S', strategies.length),
      name: `${account.stem} ${style}`,
      account,
    });
  }
  return strategies;
}

function buildContacts(random: Random, accounts: readonly Account[]): Contact[] {
  const contacts: Contact[] = [];
  const taken = new Set<string>();
  for (const account of accounts) {
    const count = random.int(2, 8);
    for (let index = 0; index < count; index += 1) {
      let name = personName(random);
      // Duplicate names would make "which Jane Smith?" questions in the demo; redraw instead.
      while (taken.has(name)) name = personName(random);
      taken.add(name);
      const [first = '', ...rest] = name.split(' ');
      const metro = random.chance(0.85) ? account.metro : pickMetro(random);
      contacts.push({
        id: salesforceId('003', contacts.length),
        name,
        account,
        title: random.pick(TITLES),
        email: `${asciiSlug(first)}.${asciiSlug(rest.join(''))}@${account.domain}`,
        phone: phoneNumber(random, metro),
        metro,
      });
    }
  }
  return contacts;
}

/** Builds the CRM world for a seed; the same seed and day always build the same world. */
export function buildCrmWorld(seed: number, today: Date): CrmWorld {
  const random = Random.derive(seed, 'crm-world');
  const day = startOfUtcDay(today);
  const users = buildUsers(random);
  const accounts = buildAccounts(random, users, day);
  const strategies = buildStrategies(random, accounts);
  const contacts = buildContacts(random, accounts);
  const filerStrategies = new Map(
    REAL_MANAGERS.map((manager, index) => [manager.cik, strategies[index] as Strategy]),
  );
  return { accounts, strategies, filerStrategies, contacts, users };
}
