/**
 * Typed row factories for the chart component tests: rows as the query service sends them for
 * each module, with only the fields the charts read.
 */

/** An investment_holdings row: one fund position of an account. */
interface HoldingFields {
  readonly asset_class__c?: string;
  readonly fund_balance__c?: number | string;
}

export function holdingRow(assetClass: string, fundBalance: number | string) {
  return { asset_class__c: assetClass, fund_balance__c: fundBalance } satisfies HoldingFields;
}

/** A metro_area__c row. */
export function metroRow(name: string, country: string) {
  return { name, country__c: country };
}

/** An accounthistory row: one field change of an account. */
export function accountHistoryRow(field: string, createddate: string) {
  return { field, createddate };
}

/** A manager_presentation__c row: one document. */
export function presentationRow(type: string, createddate: string) {
  return { type__c: type, createddate };
}

/** An updates row: a contact's job, role or field change. */
export interface UpdateFields {
  readonly job_change__c?: boolean;
  readonly role_change__c?: boolean;
  readonly field_name__c?: string;
  readonly last_updated_date__c?: string;
  readonly createddate?: string;
}

export function updateRow(fields: UpdateFields) {
  return { ...fields };
}

/**
 * A 13f_holdings row with the fields the 13F charts read (POSITION_FIELDS). A type, not an
 * interface, so that it is a ServiceRecord (a record of fields) as the components take it.
 */
export type ThirteenFRow = {
  readonly companyname: string;
  readonly periodofreport: string;
  readonly cusip: string;
  readonly ticker: string;
  readonly nameofissuer: string;
  readonly value: number;
  readonly shrsorprnamt: number;
  readonly portfolio_pct_weight: number;
  readonly status: string | null;
  readonly pct_change_qoq: number | null;
  readonly filedat: string;
};

/** One holding of a portfolio: its ticker, its weight in percent and its price per share. */
export interface HoldingSpec {
  readonly ticker: string;
  readonly weight: number;
  /** USD per share; 100 unless said. */
  readonly price?: number;
  readonly status?: string;
  readonly pctChange?: number;
}

/** The portfolio's total value in the factories: $1B, so weight w % is worth w × $10M. */
const PORTFOLIO_TOTAL = 1_000_000_000;

/** A stable 9-character CUSIP per ticker ('AAA' → 'AAA000000'). */
export const cusipOf = (ticker: string) => ticker.padEnd(9, '0').slice(0, 9);

/** 'YYYY-MM-DD' `days` after a 'YYYY-MM-DD' day (UTC). */
function daysAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One filer's portfolio for one period: a row per holding whose served weight is the given one
 * (they add up to 100 when the specs do) and whose value and shares follow from it. Filed 40 days
 * after the period unless said: on time (13F filings are due within 45 days).
 */
export function portfolioRows(
  filer: string,
  period: string,
  holdings: readonly HoldingSpec[],
  filedat = daysAfter(period, 40),
): ThirteenFRow[] {
  return holdings.map((holding) => {
    const value = (holding.weight / 100) * PORTFOLIO_TOTAL;
    return {
      companyname: filer,
      periodofreport: period,
      cusip: cusipOf(holding.ticker),
      ticker: holding.ticker,
      nameofissuer: `${holding.ticker} HOLDINGS INC`,
      value,
      shrsorprnamt: Math.round(value / (holding.price ?? 100)),
      portfolio_pct_weight: holding.weight,
      status: holding.status ?? null,
      pct_change_qoq: holding.pctChange ?? null,
      filedat,
    };
  });
}

/** Rows without some fields, as a query that does not return them sends them. */
export function withoutFields<T extends object>(
  rows: readonly T[],
  ...fields: readonly (keyof T)[]
): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([field]) => !fields.includes(field as keyof T))),
  );
}
