/**
 * The 13F demo data as the app serves it: raw filings (the real ones of Berkshire Hathaway and
 * 36 other managers, and the planted one's) loaded by the seed, then `13f_holdings` derived from
 * them once; and the synthetic filers a benchmark adds, loaded beside them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCrmWorld } from './crm.ts';
import { isValidCusip } from './cusip.ts';
import { PLANTED_CIK, PLANTED_FILER } from './planted-thirteen-f.ts';
import { REAL_MANAGERS } from './real-managers.ts';
import { BERKSHIRE_CIK, DEFAULT_SEED, dataAsOf } from './seed.ts';
import {
  BERKSHIRE_FILER,
  TODAY,
  futureValues,
  query,
  scalar,
  seeded,
} from '../../../testing/demo-data.ts';
import type { Row, Seeded } from '../../../testing/demo-data.ts';
import { syntheticFilings, syntheticIssuers } from './thirteen-f.ts';

/** Synthetic filers' CIKs start at 9,000,000 (see thirteen-f.ts); real and planted ones are lower. */
const SYNTHETIC_CIKS = `(SELECT cik FROM thirteenf_filing WHERE cik >= '0009000000')`;
/** Synthetic filers by name, as the derived rows carry it. */
const SYNTHETIC_NAMES = `(SELECT filer_name FROM thirteenf_filing WHERE cik >= '0009000000')`;
/** The bundled real managers other than Berkshire Hathaway, by name. */
const MANAGER_NAMES = `(SELECT filer_name FROM thirteenf_filing
  WHERE cik < '0009000000' AND cik NOT IN ('${BERKSHIRE_CIK}', '${PLANTED_CIK}'))`;
const DATA_DIR = join(import.meta.dirname, '..', '..', '..', 'data', '13f');

interface Manifest {
  readonly cik: string;
  readonly filings: readonly { readonly filingDate: string }[];
}

/** The bundled managers' manifests, Berkshire Hathaway's left out, read straight from disk. */
function managerManifests(): Manifest[] {
  return readdirSync(DATA_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'berkshire-hathaway')
    .map(
      (entry) =>
        JSON.parse(readFileSync(join(DATA_DIR, entry.name, 'manifest.json'), 'utf8')) as Manifest,
    );
}

/** The demo as served. */
let demo: Seeded;
/** The demo with synthetic filers added, as benchmarks load it (about 13,000 rows of theirs). */
let withSynthetic: Seeded;

beforeAll(async () => {
  demo = await seeded({ today: TODAY });
  withSynthetic = await seeded({ today: TODAY, thirteenFRows: 13_000 });
});

describe('the demo as served', () => {
  it('has real filers only, and the planted one, labelled', async () => {
    const filers = await query(
      demo.connection,
      `SELECT DISTINCT cik, filer_name AS name FROM thirteenf_filing ORDER BY cik`,
    );
    const expected = [
      ...REAL_MANAGERS.map((manager) => ({ cik: manager.cik, name: manager.name })),
      { cik: PLANTED_CIK, name: PLANTED_FILER },
    ].sort((a, b) => a.cik.localeCompare(b.cik));
    expect(filers).toEqual(expected);
    expect(PLANTED_FILER).toMatch(/\(DATA-QUALITY DEMO\)$/);
    const fictional = await scalar(
      demo.connection,
      `SELECT count(*)::INTEGER FROM "13f_holdings" WHERE companyname LIKE '%FICTIONAL%'`,
    );
    expect(fictional).toBe(0);
  });

  it('matches every real filer to its CRM account, named as it files, and a strategy', async () => {
    const matches = await query(
      demo.connection,
      `SELECT DISTINCT companyname AS filer, service_account_name AS account,
              service_investment_strategy_name AS strategy
       FROM "13f_holdings" WHERE companyname <> '${PLANTED_FILER}' ORDER BY 1`,
    );
    expect(matches).toEqual(
      REAL_MANAGERS.map((manager) => ({
        filer: manager.name,
        account: manager.name,
        strategy: `${manager.stem} Equity Portfolio`,
      })).sort((a, b) => a.filer.localeCompare(b.filer)),
    );
  });
});

/** Every derived row with the filer's previous period's holding of the same security. */
const WITH_PREVIOUS = `
  WITH periods AS (
    SELECT companyname, periodofreport,
      lag(periodofreport) OVER (PARTITION BY companyname ORDER BY periodofreport) AS previous
    FROM (SELECT DISTINCT companyname, periodofreport FROM "13f_holdings")),
  held AS (SELECT * FROM "13f_holdings" WHERE status IS DISTINCT FROM 'SOLD OUT')
  SELECT cur.companyname, cur.cusip, cur.status, cur.pct_change_qoq AS pct,
         cur.shrsorprnamt AS shares, cur.value, cur.portfolio_pct_weight AS weight,
         prev.shrsorprnamt AS before, p.previous IS NULL AS first_period
  FROM "13f_holdings" cur JOIN periods p USING (companyname, periodofreport)
  LEFT JOIN held prev ON prev.companyname = cur.companyname AND prev.cusip = cur.cusip
    AND prev.periodofreport = p.previous`;

/**
 * What is wrong with a row's status and share change, or null when it is coherent. The
 * statuses' ranges do not overlap, so checking each status's range also checks the converse
 * (a positive change is always ADDED, and so on).
 */
function statusProblem(row: Row): string | null {
  const pct = row.pct as number | null;
  const before = row.before as number | null;
  if (row.first_period === true) {
    return row.status === null && pct === null ? null : 'first period must have no status';
  }
  switch (row.status) {
    case 'NEW':
      return pct === null && before === null ? null : 'NEW needs no change and no prior position';
    case 'SOLD OUT':
      return row.shares === 0 && row.value === 0 && row.weight === 0 && pct === -100 && before
        ? null
        : 'SOLD OUT needs 0 shares, value, weight, -100 and a prior position';
    case 'ADDED':
    case 'REDUCED':
    case 'UNCHANGED': {
      if (pct === null || before === null) return `${row.status} needs a prior position`;
      const expected = ((Number(row.shares) - before) / before) * 100;
      if (Math.abs(expected - pct) > 1e-6) return `change ${pct} but shares say ${expected}`;
      if (row.status === 'ADDED') return pct > 0 ? null : 'ADDED needs a positive change';
      if (row.status === 'REDUCED') return pct < 0 && pct > -100 ? null : 'REDUCED out of range';
      return pct === 0 ? null : 'UNCHANGED needs a zero change';
    }
    default:
      return `unknown status ${String(row.status)}`;
  }
}

describe('13F holdings derived from the seeded filings', () => {
  it('covers eight quarters per synthetic filer, thirteen for Berkshire, four planted, nine for the managers', async () => {
    // 2026-03-15 minus 45 days is 2026-01-29, so 2025-12-31 is the latest complete period.
    const periods = await query(
      withSynthetic.connection,
      `SELECT CASE WHEN companyname = '${BERKSHIRE_FILER}' THEN 'berkshire'
                WHEN companyname = '${PLANTED_FILER}' THEN 'planted'
                WHEN companyname IN ${SYNTHETIC_NAMES} THEN 'synthetic' ELSE 'managers' END AS kind,
              min(periodofreport)::VARCHAR AS first, max(periodofreport)::VARCHAR AS last,
              count(DISTINCT periodofreport)::INTEGER AS periods
       FROM "13f_holdings" GROUP BY 1 ORDER BY 1`,
    );
    expect(periods).toEqual([
      // The planted filer's dates are fixed, not relative to today: see planted-thirteen-f.ts.
      { kind: 'berkshire', first: '2022-12-31', last: '2025-12-31', periods: 13 },
      // The managers' folder README: filings from period 2023-12-31; later ones filed after today.
      { kind: 'managers', first: '2023-12-31', last: '2025-12-31', periods: 9 },
      { kind: 'planted', first: '2022-09-30', last: '2023-06-30', periods: 4 },
      { kind: 'synthetic', first: '2024-03-31', last: '2025-12-31', periods: 8 },
    ]);
  });

  // A period worth nothing has no weights: Thiel Macro's 2025-12-31 filing is one placeholder
  // row of value 0, as filed.
  // Weights are shares of the long value: share rows add up to 100, option rows (whose name ends
  // in PUT or CALL after the security) come on top.
  it('weights the share rows of each filer-period worth more than nothing to 100 percent', async () => {
    const off = await query(
      withSynthetic.connection,
      `SELECT companyname, periodofreport, sum(portfolio_pct_weight) AS total
       FROM "13f_holdings" WHERE status IS DISTINCT FROM 'SOLD OUT'
         AND NOT regexp_matches(name, ' \\d{4}-\\d{2}-\\d{2} \\S.* (PUT|CALL)$', 'i')
       GROUP BY ALL HAVING sum(value) > 0 AND abs(sum(portfolio_pct_weight) - 100) > 1e-6`,
    );
    expect(off).toEqual([]);
  });

  // Not for the real managers: their option rows share the CUSIP of their share rows, and the
  // served rows do not say which is which, so this join by CUSIP cannot pair them up.
  it('derives status and share change from the filer’s previous period', async () => {
    const rows = await query(
      withSynthetic.connection,
      `SELECT * FROM (${WITH_PREVIOUS}) WHERE companyname NOT IN ${MANAGER_NAMES}`,
    );
    const problems = rows
      .map((row) => ({ row, problem: statusProblem(row) }))
      .filter((entry) => entry.problem !== null);
    expect(problems.slice(0, 5)).toEqual([]);
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ['NEW', 'ADDED', 'REDUCED', 'UNCHANGED', 'SOLD OUT', null]) {
      expect(statuses.has(status), String(status)).toBe(true);
    }
  });

  it('reports every position of a filer’s last period again, held or sold out', async () => {
    const vanished = await scalar(
      withSynthetic.connection,
      `WITH periods AS (
         SELECT companyname, periodofreport,
           lead(periodofreport) OVER (PARTITION BY companyname ORDER BY periodofreport) AS next
         FROM (SELECT DISTINCT companyname, periodofreport FROM "13f_holdings"))
       SELECT count(*)::INTEGER FROM "13f_holdings" prev JOIN periods p USING (companyname, periodofreport)
       WHERE prev.status IS DISTINCT FROM 'SOLD OUT' AND p.next IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "13f_holdings" cur
           WHERE cur.companyname = prev.companyname AND cur.cusip = prev.cusip
             AND cur.periodofreport = p.next)`,
    );
    expect(vanished).toBe(0);
  });

  it('values every holding at one price per security and quarter', async () => {
    const spread = await scalar(
      withSynthetic.connection,
      `SELECT max(hi - lo) FROM (
         SELECT max(value / shrsorprnamt) AS hi, min(value / shrsorprnamt) AS lo
         FROM "13f_holdings" WHERE shrsorprnamt >= 10 AND companyname IN ${SYNTHETIC_NAMES}
         GROUP BY cusip, periodofreport)`,
    );
    expect(spread).toBeLessThan(0.1);
  });

  // The real managers' filings name one security in several ways and use CUSIPs the map lacks,
  // as filed: the data-quality flags are for those.
  it('identifies securities consistently, with valid CUSIPs and known tickers', async () => {
    // Real filings spell an issuer as they please (Berkshire's: BANK AMER CORP and BANK AMERICA
    // CORP), and are served as filed; the invented filings name each issuer one way.
    const securities = await query(
      withSynthetic.connection,
      `SELECT cusip, count(DISTINCT ticker)::INTEGER AS tickers,
              count(DISTINCT nameofissuer)
                FILTER (WHERE companyname <> '${BERKSHIRE_FILER}')::INTEGER AS names,
              count(*) FILTER (WHERE ticker IS NULL)::INTEGER AS untickered
       FROM "13f_holdings" WHERE companyname NOT IN ${MANAGER_NAMES} GROUP BY 1`,
    );
    expect(securities.length).toBeGreaterThan(100);
    const bad = securities.filter(
      (row) =>
        !isValidCusip(String(row.cusip)) ||
        row.tickers !== 1 ||
        Number(row.names) > 1 ||
        row.untickered !== 0,
    );
    expect(bad).toEqual([]);
  });

  it('matches about 60% of synthetic filers to a CRM account and one of its strategies', async () => {
    const filers = await query(
      withSynthetic.connection,
      `SELECT DISTINCT companyname, service_account_id AS account, service_account_name AS name,
              service_investment_strategy_id AS strategy, service_investment_strategy_name AS sname
       FROM "13f_holdings" WHERE companyname IN ${SYNTHETIC_NAMES}`,
    );
    expect(new Set(filers.map((row) => row.companyname)).size).toBe(filers.length);
    const world = buildCrmWorld(DEFAULT_SEED, dataAsOf(TODAY));
    const strategies = new Map(world.strategies.map((strategy) => [strategy.id, strategy]));
    const real = new Set([...world.filerStrategies.values()].map(({ account }) => account.id));
    const matched = filers.filter((row) => row.account !== null);
    // Three filers in five, in a fixed pattern: 60–70 % for 20 filers or more.
    expect(matched.length / filers.length).toBeGreaterThanOrEqual(0.6);
    expect(matched.length / filers.length).toBeLessThanOrEqual(0.7);
    for (const row of filers) {
      const nulls = [row.account, row.name, row.strategy, row.sname].filter((v) => v === null);
      expect([0, 4]).toContain(nulls.length);
    }
    for (const row of matched) {
      const strategy = strategies.get(String(row.strategy));
      expect(strategy?.account.id).toBe(row.account);
      expect(strategy?.account.name).toBe(row.name);
      expect(strategy?.name).toBe(row.sname);
      expect(real.has(String(row.account))).toBe(false);
    }
  });

  it('shows Berkshire Hathaway’s real filings matched to its CRM account', async () => {
    const [berkshire] = await query(
      demo.connection,
      `SELECT DISTINCT service_account_id AS account, service_account_name AS name,
              service_investment_strategy_name AS strategy
       FROM "13f_holdings" WHERE companyname = '${BERKSHIRE_FILER}'`,
    );
    expect(berkshire).toMatchObject({
      name: 'BERKSHIRE HATHAWAY INC',
      strategy: 'Berkshire Hathaway Equity Portfolio',
    });
    const holdings = await scalar(
      demo.connection,
      `SELECT count(*)::INTEGER FROM investment_holdings
       WHERE account__c = '${String(berkshire?.account)}'`,
    );
    expect(holdings).toBeGreaterThan(0);
    const apple = await query(
      demo.connection,
      `SELECT ticker, shrsorprnamt AS shares FROM "13f_holdings"
       WHERE companyname = '${BERKSHIRE_FILER}' AND periodofreport = DATE '2025-03-31'
         AND cusip = '037833100'`,
    );
    // Berkshire's 13F for Q1 2025 lists Apple over several rows that add up to 300 million shares.
    expect(apple).toEqual([{ ticker: 'AAPL', shares: 300_000_000 }]);
  });
});

describe('the real managers’ filings', () => {
  it('loads every filing of the 36 bundled managers made by the demo’s today, and none later', async () => {
    const manifests = managerManifests();
    expect(manifests).toHaveLength(36);
    const asOf = dataAsOf(TODAY).toISOString().slice(0, 10);
    const expected = manifests.flatMap((manifest) =>
      manifest.filings
        .filter((filing) => filing.filingDate <= asOf)
        .map((filing) => `${manifest.cik} ${filing.filingDate}`),
    );
    const loaded = await query(
      demo.connection,
      `SELECT cik || ' ' || strftime(filed_at, '%Y-%m-%d') AS filing FROM thirteenf_filing
       WHERE filer_name IN ${MANAGER_NAMES} ORDER BY 1`,
    );
    expect(loaded.map((row) => row.filing)).toEqual(expected.sort());
  });
});

describe('synthetic 13F filings', () => {
  it('carry names that say they are fictional, and no real filer’s name does', async () => {
    const names = await query(
      withSynthetic.connection,
      `SELECT DISTINCT filer_name AS name, cik >= '0009000000' AS synthetic FROM thirteenf_filing`,
    );
    const fictional = (name: unknown) => String(name).endsWith(' (FICTIONAL)');
    expect(names.filter((row) => row.synthetic === true && !fictional(row.name))).toEqual([]);
    expect(names.filter((row) => row.synthetic === false && fictional(row.name))).toEqual([]);
    expect(names.filter((row) => row.synthetic === true).length).toBeGreaterThanOrEqual(20);
  });

  it('are dated 40–44 days after the quarter, in the daytime, with SEC-style identifiers', async () => {
    const [row] = await query(
      withSynthetic.connection,
      `SELECT count(*)::INTEGER AS filings,
              count(DISTINCT accession)::INTEGER AS accessions,
              count(*) FILTER (WHERE NOT regexp_full_match(accession, '\\d{10}-\\d{2}-\\d{6}')
                               OR NOT starts_with(accession, cik) OR length(cik) <> 10
                               OR source <> 'synthetic:' || cik)::INTEGER AS misnamed,
              count(*) FILTER (WHERE filed_at < period_of_report + INTERVAL 40 DAY
                               OR filed_at >= period_of_report + INTERVAL 45 DAY
                               OR filed_at::TIME NOT BETWEEN TIME '07:00' AND TIME '21:00')::INTEGER AS misfiled
       FROM thirteenf_filing WHERE cik IN ${SYNTHETIC_CIKS}`,
    );
    expect(row?.filings).toBeGreaterThan(150);
    expect(row?.accessions).toBe(row?.filings);
    expect(row?.misnamed).toBe(0);
    expect(row?.misfiled).toBe(0);
  });

  it('list some positions over several rows, which derive to one holding', async () => {
    const [split] = await query(
      withSynthetic.connection,
      `SELECT f.filer_name AS filer, f.period_of_report AS period, i.cusip,
              count(*)::INTEGER AS rows, sum(i.shares) AS shares, sum(i.value_usd) AS value
       FROM thirteenf_infotable i JOIN thirteenf_filing f USING (accession)
       WHERE f.cik IN ${SYNTHETIC_CIKS}
       GROUP BY ALL HAVING count(*) > 1 ORDER BY ALL LIMIT 1`,
    );
    expect(split?.rows).toBeGreaterThan(1);
    const derived = await query(
      withSynthetic.connection,
      `SELECT shrsorprnamt AS shares, value FROM "13f_holdings"
       WHERE companyname = '${String(split?.filer)}' AND cusip = '${String(split?.cusip)}'
         AND periodofreport = DATE '${String(split?.period)}'`,
    );
    expect(derived).toEqual([{ shares: split?.shares, value: split?.value }]);
    const fractional = await scalar(
      withSynthetic.connection,
      `SELECT count(*)::INTEGER FROM thirteenf_infotable JOIN thirteenf_filing USING (accession)
       WHERE cik IN ${SYNTHETIC_CIKS}
         AND (value_usd <> round(value_usd) OR shares <> round(shares) OR shares < 1)`,
    );
    expect(fractional).toBe(0);
  });

  it('scale the filer count to the requested row count', async () => {
    const midnight = new Date('2026-03-15T00:00:00Z');
    const scaled = await seeded({ today: midnight, seed: 7, thirteenFRows: 20_000 });
    const [row] = await query(
      scaled.connection,
      `SELECT count(*)::INTEGER AS rows, count(DISTINCT companyname)::INTEGER AS filers
       FROM "13f_holdings" WHERE companyname IN ${SYNTHETIC_NAMES}`,
    );
    expect(row?.rows).toBeGreaterThanOrEqual(20_000);
    expect(row?.rows).toBeLessThan(21_500);
    expect(row?.filers).toBeGreaterThan(25);
    // A day given at midnight leaves no room after it: nothing may land later that day.
    expect(await futureValues(scaled.connection, midnight)).toEqual([]);
  });

  it('differ for another seed', () => {
    const asOf = dataAsOf(TODAY);
    const firstRows = (seed: number) => {
      const issuers = syntheticIssuers(seed, asOf);
      const filing = syntheticFilings(buildCrmWorld(seed, asOf), issuers, seed, asOf).next();
      return filing.done === true ? [] : [...filing.value.rows];
    };
    expect(firstRows(7)).not.toEqual(firstRows(DEFAULT_SEED));
  });
});
