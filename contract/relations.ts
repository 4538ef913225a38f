/**
 * How the modules relate: a 13F filer matched to a CRM account (`service_account_id`) is the
 * same firm whose fund positions, field history, contact updates and presentations the other
 * modules hold. These prepared queries open that firm in each module — the link between SEC
 * filings and marketplace data that public 13F sites cannot make.
 */
import type { ModuleId } from './catalog.ts';
import type { QueryBody } from './query.ts';

/** Fields that hold a CRM account's id, in every module: a query on one is about that account. */
export const ACCOUNT_ID_FIELDS: ReadonlySet<string> = new Set([
  'account__c',
  'accountid',
  'service_account_id',
]);

/** The CRM account (and strategy) a 13F filer is matched to, as its rows carry it. */
export interface MatchedAccount {
  readonly accountId: string;
  readonly accountName: string | null;
  readonly strategyName: string | null;
}

/** A query of one module about a matched account, with what it shows in one line. */
export interface RelatedQuery {
  readonly module: Exclude<ModuleId, '13f_holdings' | 'metro_area__c'>;
  readonly title: string;
  readonly body: QueryBody;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The matched account of a 13F row, or null when the row carries none. */
export function matchedAccountOf(row: Readonly<Record<string, unknown>>): MatchedAccount | null {
  const accountId = textOf(row.service_account_id);
  if (accountId === null) return null;
  return {
    accountId,
    accountName: textOf(row.service_account_name),
    strategyName: textOf(row.service_investment_strategy_name),
  };
}

/**
 * The prepared queries for a matched account. Presentations carry no account id, only their
 * subject in the name (the firm or one of its strategies), so that query searches the names.
 */
export function relatedQueries(account: MatchedAccount): RelatedQuery[] {
  const who = account.accountName ?? account.accountId;
  const queries: RelatedQuery[] = [
    {
      module: 'investment_holdings',
      title: `${who}: investment holdings`,
      body: {
        module: 'investment_holdings',
        filters: {
          filter: [{ account__c: { $equals: account.accountId } }],
          order_by: 'fund_balance__c:DESC',
        },
      },
    },
    {
      module: 'accounthistory',
      title: `${who}: account history`,
      body: {
        module: 'accounthistory',
        filters: {
          filter: [{ accountid: { $equals: account.accountId } }],
          order_by: 'createddate:DESC',
        },
      },
    },
    {
      module: 'updates',
      title: `${who}: contact updates`,
      body: {
        module: 'updates',
        filters: {
          filter: [{ account__c: { $equals: account.accountId } }],
          order_by: 'last_updated_date__c:DESC',
        },
      },
    },
  ];
  const subjects = [account.accountName, account.strategyName].filter(
    (name): name is string => name !== null,
  );
  if (subjects.length > 0) {
    const byName = subjects.map((name) => ({ name: { $contains: name } }));
    queries.push({
      module: 'manager_presentation__c',
      title: `${who}: manager presentations`,
      body: {
        module: 'manager_presentation__c',
        filters: {
          filter: byName.length === 1 ? byName : [{ $or: byName }],
          order_by: 'createddate:DESC',
        },
      },
    });
  }
  return queries;
}
