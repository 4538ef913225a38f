/**
 * One planted 13F filer whose filings carry the data-quality cases the 13F charts flag, which
 * neither Berkshire Hathaway's real filings nor the synthetic filers contain: values around
 * SEC's 2023-01-03 switch from thousands to dollars, implied-price jumps of more than 5× (a
 * split and a value filed in the wrong unit), a late amendment, a filing that omits holdings
 * under confidential treatment, and one served short of its declared rows (a line lost at import). Like the planted hostile
 * presentation records, it exists so the safeguards can be seen; its name says so.
 *
 * Its filings go through the importer like every other (`runImport`), so the unit scaling and
 * the amendment handling shown are the importer's and the derivation's, not hand-made rows.
 * Nothing here is random and every date is fixed: the filer looks the same whatever the seed
 * and whenever the demo is loaded (bar filings made after the demo's day, which are left out).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { DATA_QUALITY_DEMO_LABEL } from '#contract/demo-filers';
import { runImport } from '../thirteen-f/filing.ts';
import type { FilingMeta, InfoTableRow } from '../thirteen-f/filing.ts';
import type { ImportSummary } from '../thirteen-f/import.ts';

/**
 * Just below the synthetic filers' first CIK (9,000,000, and theirs only go up), and far above
 * any the SEC has assigned, so it collides with neither a synthetic filer nor a real one.
 */
export const PLANTED_CIK = '0008999999';
export const PLANTED_FILER = `ALDER CREEK CAPITAL ${DATA_QUALITY_DEMO_LABEL}`;

/** The quarters the filer reports, oldest first; the securities' figures follow this order. */
const PLANTED_PERIODS = ['2022-09-30', '2022-12-31', '2023-03-31', '2023-06-30'] as const;

/** The quarter whose filing is restated, and the security the original filing left out. */
export const PLANTED_RESTATED = { period: '2023-03-31', filedAt: '2023-08-21', cusip: '874039100' };
/** The filing whose line for this security is lost at import (see `PlantedFiling.cut`). */
export const PLANTED_CUT = { cusip: '166764100', ticker: 'CVX', period: '2023-06-30' };
/** Mastercard as if it had split 10-for-1 in Q1 2023: ten times the shares at a tenth of the price. */
export const PLANTED_SPLIT = { cusip: '57636Q104', ticker: 'MA', period: '2023-03-31' };
/** Coca-Cola's Q1 2023 value filed in thousands in a dollar filing: a thousandth of the truth. */
export const PLANTED_UNIT_ERROR = { cusip: '191216100', ticker: 'KO', period: '2023-03-31' };

type PerPeriod = readonly [number, number, number, number];

interface PlantedSecurity {
  /** Real CUSIPs listed in `data/13f/cusip-tickers.csv`, so the rows show tickers. */
  readonly cusip: string;
  readonly ticker: string;
  /** As Berkshire Hathaway's filings spell them: one security keeps one name in the table. */
  readonly name: string;
  readonly titleOfClass: string;
  /** Shares held at each period's end; 0 when not held. */
  readonly shares: PerPeriod;
  /** Price per share at each period's end. */
  readonly prices: PerPeriod;
}

/**
 * The portfolio, in issuer-name order as information tables list it; prices are the real
 * closing prices but Mastercard's from Q1 2023 on, a tenth of them (the planted split). Between
 * quarters it adds, cuts, opens and closes positions, so every status appears: BAC and AXP are
 * sold out, MCO, TSM and SNOW are new.
 */
// prettier-ignore
const SECURITIES: readonly PlantedSecurity[] = [
  { cusip: '023135106', ticker: 'AMZN', name: 'AMAZON COM INC', titleOfClass: 'COM',
    shares: [250e3, 300e3, 300e3, 220e3], prices: [113.0, 84.0, 103.29, 130.36] },
  { cusip: '025816109', ticker: 'AXP', name: 'AMERICAN EXPRESS CO', titleOfClass: 'COM',
    shares: [120e3, 120e3, 90e3, 0], prices: [134.91, 147.75, 164.95, 174.2] },
  { cusip: '037833100', ticker: 'AAPL', name: 'APPLE INC', titleOfClass: 'COM',
    shares: [400e3, 400e3, 450e3, 450e3], prices: [138.2, 129.93, 164.9, 193.97] },
  { cusip: '060505104', ticker: 'BAC', name: 'BANK AMER CORP', titleOfClass: 'COM',
    shares: [1500e3, 0, 0, 0], prices: [30.2, 33.12, 28.6, 28.69] },
  { cusip: '166764100', ticker: 'CVX', name: 'CHEVRON CORP NEW', titleOfClass: 'COM',
    shares: [150e3, 180e3, 180e3, 160e3], prices: [143.67, 179.49, 163.16, 157.35] },
  { cusip: '191216100', ticker: 'KO', name: 'COCA COLA CO', titleOfClass: 'COM',
    shares: [900e3, 900e3, 900e3, 950e3], prices: [56.02, 63.61, 62.03, 60.22] },
  { cusip: '478160104', ticker: 'JNJ', name: 'JOHNSON & JOHNSON', titleOfClass: 'COM',
    shares: [110e3, 110e3, 110e3, 125e3], prices: [163.36, 176.65, 155.0, 165.52] },
  { cusip: '57636Q104', ticker: 'MA', name: 'MASTERCARD INC', titleOfClass: 'CL A',
    shares: [60e3, 60e3, 600e3, 600e3], prices: [284.34, 347.73, 36.341, 39.33] },
  { cusip: '615369105', ticker: 'MCO', name: 'MOODYS CORP', titleOfClass: 'COM',
    shares: [0, 50e3, 55e3, 55e3], prices: [243.11, 278.62, 306.02, 347.72] },
  { cusip: '742718109', ticker: 'PG', name: 'PROCTER & GAMBLE CO', titleOfClass: 'COM',
    shares: [200e3, 180e3, 180e3, 180e3], prices: [126.25, 151.56, 148.69, 151.74] },
  { cusip: '833445109', ticker: 'SNOW', name: 'SNOWFLAKE INC', titleOfClass: 'CL A',
    shares: [0, 0, 0, 75e3], prices: [169.96, 143.54, 154.29, 175.98] },
  { cusip: '78462F103', ticker: 'SPY', name: 'SPDR S&P 500 ETF TR', titleOfClass: 'TR UNIT',
    shares: [80e3, 80e3, 60e3, 60e3], prices: [357.18, 382.43, 409.39, 443.28] },
  { cusip: '874039100', ticker: 'TSM', name: 'TAIWAN SEMICONDUCTOR MFG LTD',
    titleOfClass: 'SPONSORED ADS', shares: [0, 0, 350e3, 350e3], prices: [68.56, 74.49, 93.02, 100.92] },
  { cusip: '92826C839', ticker: 'V', name: 'VISA INC', titleOfClass: 'COM CL A',
    shares: [140e3, 140e3, 140e3, 160e3], prices: [177.65, 207.76, 225.46, 237.48] },
];

/** The CUSIPs and tickers the filer holds at some point, for tests and documentation. */
export const PLANTED_SECURITIES: readonly { cusip: string; ticker: string }[] = SECURITIES.map(
  ({ cusip, ticker }) => ({ cusip, ticker }),
);

interface PlantedFiling {
  readonly meta: FilingMeta;
  /** Index into `PLANTED_PERIODS`. */
  readonly period: number;
  /** Securities held but missing from this filing's table (what a restatement then adds). */
  readonly omitted: readonly string[];
  /**
   * A security whose line the filing holds and declares, but which the import left out, as a
   * data set's bad line is: the filing is then served short of what it declares.
   */
  readonly cut?: string;
  /** The summary page says holdings were omitted under confidential treatment. */
  readonly confidentialOmitted?: true;
}

/**
 * The filings in filing order. Dates are days without a time, as EDGAR's indexes give them and
 * as Berkshire's manifest loads: the on-time ones are filed on day 45 exactly, which is not late.
 */
const FILINGS: readonly PlantedFiling[] = [
  // Before 2023-01-03: values in thousands, which the importer scales to dollars.
  filing('22-000001', 0, '2022-11-14', 'thousands'),
  { ...filing('23-000001', 1, '2023-02-14', 'usd'), confidentialOmitted: true },
  // The original Q1 2023 filing leaves TSM out; the restatement below puts it back.
  { ...filing('23-000002', 2, '2023-05-15', 'usd'), omitted: [PLANTED_RESTATED.cusip] },
  // Chevron's line is lost at import: 12 rows declared, 11 served, and Chevron reads SOLD OUT.
  { ...filing('23-000003', 3, '2023-08-14', 'usd'), cut: PLANTED_CUT.cusip },
  // Restates the whole Q1 2023 table, 143 days after the quarter. It fixes the omission but
  // repeats the split and the unit error, so the served quarter still shows both.
  filing('23-000004', 2, PLANTED_RESTATED.filedAt, 'usd', 'RESTATEMENT'),
];

function filing(
  sequence: string,
  period: number,
  filed: string,
  valueUnit: FilingMeta['valueUnit'],
  amendmentType: 'RESTATEMENT' | null = null,
): PlantedFiling {
  const meta: FilingMeta = {
    accession: `${PLANTED_CIK}-${sequence}`,
    cik: PLANTED_CIK,
    filerName: PLANTED_FILER,
    periodOfReport: PLANTED_PERIODS[period] ?? '',
    filedAt: new Date(`${filed}T00:00:00Z`),
    submissionType: amendmentType === null ? '13F-HR' : '13F-HR/A',
    amendmentType,
    valueUnit,
    source: `planted:${PLANTED_CIK}`,
  };
  return { meta, period, omitted: [] };
}

/**
 * A filing's information table as filed, with values in the filing's unit, or in the wrong one
 * (the line `cut` at import included).
 */
function* infoTable(planted: PlantedFiling): Generator<InfoTableRow> {
  const { meta, period } = planted;
  let rowNumber = 0;
  for (const held of SECURITIES) {
    const shares = held.shares[period] ?? 0;
    if (shares === 0 || planted.omitted.includes(held.cusip)) continue;
    const dollars = shares * (held.prices[period] ?? 0);
    const wrongUnit =
      held.cusip === PLANTED_UNIT_ERROR.cusip && meta.periodOfReport === PLANTED_UNIT_ERROR.period;
    const divisor = meta.valueUnit === 'thousands' || wrongUnit ? 1000 : 1;
    rowNumber += 1;
    yield {
      rowNumber,
      nameOfIssuer: held.name,
      titleOfClass: held.titleOfClass,
      cusip: held.cusip,
      value: Math.round(dollars / divisor),
      shares,
      shareType: 'SH',
      putCall: null,
    };
  }
}

/**
 * Imports the planted filer's filings made by `today`, in one transaction: a demo dated in the
 * past shows no filing from its future (before 2023-08-21, Q1 2023 is the original filing).
 * It is matched to no CRM account on purpose: it is no firm, and a match would put it among a
 * real-looking account's holdings.
 */
export async function addPlantedFilings(
  connection: DuckDBConnection,
  today: Date,
): Promise<ImportSummary> {
  const filed = FILINGS.filter(({ meta }) => meta.filedAt.getTime() <= today.getTime());
  return runImport(connection, async (writer) => {
    for (const planted of filed) {
      const table = [...infoTable(planted)];
      const meta: FilingMeta = {
        ...planted.meta,
        declared: {
          rows: table.length,
          value: table.reduce((sum, row) => sum + row.value, 0),
          confidentialOmitted: planted.confidentialOmitted ?? false,
        },
      };
      await writer.addFiling(meta);
      await writer.appendRows(
        meta,
        table.filter((row) => row.cusip !== planted.cut),
      );
    }
    return writer.summary();
  });
}
