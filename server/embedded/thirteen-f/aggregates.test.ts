import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOG } from '#contract/catalog';
import type { ExtensionModuleId } from '#contract/catalog';
import { query, seeded, TODAY } from '../../../testing/demo-data.ts';
import {
  emptyServiceDatabase,
  filingMeta,
  importHoldings,
  removeFixtureFolders,
  TEST_SECURITIES,
} from '../../../testing/thirteen-f.ts';
import { createModuleTable } from '../db/schema.ts';
import { deriveThirteenFAggregates } from './aggregates.ts';
import { deriveHoldings } from './derive.ts';

afterAll(removeFixtureFolders);

const { A, B } = TEST_SECURITIES;

/** A module's rows in a table, every field as JSON, in a stable order (no `_row`). */
async function rowsOf(connection: DuckDBConnection, module: ExtensionModuleId, table: string) {
  const fields = CATALOG[module].fields.map((field) => `"${field.name}"`).join(', ');
  return query(connection, `SELECT ${fields} FROM "${table}" ORDER BY ALL`);
}

/** Derives into fresh tables `<module>_<suffix>`, every period or the ones given. */
async function deriveInto(connection: DuckDBConnection, suffix: string, periods?: string[]) {
  const securityTarget = `security_${suffix}`;
  const filerTarget = `filer_${suffix}`;
  await createModuleTable(connection, '13f_security_quarters', securityTarget);
  await createModuleTable(connection, '13f_filer_quarters', filerTarget);
  const tables = {
    holdings: '13f_holdings',
    filings: 'thirteenf_filing',
    infotable: 'thirteenf_infotable',
    securityTarget,
    filerTarget,
  };
  await deriveThirteenFAggregates(connection, periods ? { ...tables, periods } : tables);
  return tables;
}

describe('a quarter filed empty and a quarter never filed', () => {
  it('gives the empty filing a row with 0 positions, and the quarter not filed none', async () => {
    const connection = await emptyServiceDatabase();
    const filing = (period: string, holdings: (typeof A | typeof B)[]) => ({
      meta: filingMeta({ periodOfReport: period, accession: `0000000042-${period}` }),
      holdings,
    });
    // Q1 holds A and B, Q2 is filed with an empty information table, Q3 is not filed at all.
    await importHoldings(connection, [
      filing('2024-03-31', [A, B]),
      filing('2024-06-30', []),
      filing('2024-12-31', [A]),
    ]);
    await deriveHoldings(connection);
    const { securityTarget, filerTarget } = await deriveInto(connection, 'all');
    const filers = await query(
      connection,
      `SELECT strftime(periodofreport, '%Y-%m-%d') AS period, positions, longvalue, top10pct,
         soldout, importedrows, accession, strftime(previousperiod, '%Y-%m-%d') AS previous
       FROM "${filerTarget}" ORDER BY periodofreport`,
    );
    expect(filers).toEqual([
      {
        period: '2024-03-31',
        positions: 2,
        longvalue: 1500,
        top10pct: 100,
        soldout: 0,
        importedrows: 2,
        accession: '0000000042-2024-03-31',
        previous: null,
      },
      {
        period: '2024-06-30',
        positions: 0,
        longvalue: 0,
        top10pct: null,
        soldout: 2,
        importedrows: 0,
        accession: '0000000042-2024-06-30',
        previous: '2024-03-31',
      },
      {
        period: '2024-12-31',
        positions: 1,
        longvalue: 1000,
        top10pct: 100,
        soldout: 0,
        importedrows: 1,
        accession: '0000000042-2024-12-31',
        previous: '2024-06-30',
      },
    ]);
    const alpha = await query(
      connection,
      `SELECT strftime(periodofreport, '%Y-%m-%d') AS period, filers, holders, sellers, soldout,
         newtodata, notfiled
       FROM "${securityTarget}" WHERE cusip = '${A.cusip}' ORDER BY periodofreport`,
    );
    // Sold out in the empty quarter (a seller, no holder); back after the quarter not filed,
    // with no status to compare against (new to the data), and no one "without a filing".
    expect(alpha.map((row) => Object.values(row))).toEqual([
      ['2024-03-31', 1, 1, 0, 0, 1, 0],
      ['2024-06-30', 1, 0, 1, 1, 0, 0],
      ['2024-12-31', 1, 1, 0, 0, 1, 0],
    ]);
  });
});

describe('aggregates of the demo data', () => {
  it('derived a period at a time, in any order, equal those derived at once', async () => {
    const { connection } = await seeded({ today: TODAY });
    const whole = await deriveInto(connection, 'whole');
    const periods = (
      await query(
        connection,
        `SELECT DISTINCT strftime(periodofreport, '%Y-%m-%d') AS p FROM "13f_holdings" ORDER BY p DESC`,
      )
    ).map((row) => String(row.p));
    expect(periods.length).toBeGreaterThan(10);
    const parts = await deriveInto(connection, 'parts', []);
    for (const period of periods)
      await deriveThirteenFAggregates(connection, { ...parts, periods: [period] });
    for (const [module, a, b] of [
      ['13f_security_quarters', whole.securityTarget, parts.securityTarget],
      ['13f_filer_quarters', whole.filerTarget, parts.filerTarget],
    ] as const) {
      const expected = await rowsOf(connection, module, a);
      expect(expected.length).toBeGreaterThan(100);
      expect(await rowsOf(connection, module, b)).toEqual(expected);
      // Row ids stay unique across the inserts, so paging stays stable.
      const [ids] = await query(
        connection,
        `SELECT count(DISTINCT _row)::INTEGER AS ids, count(*)::INTEGER AS n FROM "${b}"`,
      );
      expect(ids?.ids).toBe(ids?.n);
    }
  });

  it('leaves the planted data-quality filer out of the securities, not out of the filers', async () => {
    const { connection } = await seeded({ today: TODAY });
    const { securityTarget, filerTarget } = await deriveInto(connection, 'all');
    const planted = "companyname LIKE '%(DATA-QUALITY DEMO)'";
    const [quarter] = await query(
      connection,
      `SELECT strftime(periodofreport, '%Y-%m-%d') AS period, count(*)::INTEGER AS n
       FROM "13f_holdings" p WHERE ${planted} AND putcall IS NULL AND shrsorprnamt > 0
         -- A quarter real managers filed too (Berkshire's first is in the planted filer's span).
         AND EXISTS (SELECT 1 FROM "13f_holdings" o WHERE o.periodofreport = p.periodofreport
           AND NOT o.${planted})
       GROUP BY ALL ORDER BY period LIMIT 1`,
    );
    const period = String(quarter?.period);
    expect(quarter?.n).toBeGreaterThan(0);
    const [counted] = await query(
      connection,
      `SELECT
         (SELECT sum(holders)::INTEGER FROM "${securityTarget}" WHERE periodofreport = DATE '${period}') AS holders,
         (SELECT count(*)::INTEGER FROM "13f_holdings" WHERE periodofreport = DATE '${period}'
            AND putcall IS NULL AND shrsorprnamt > 0 AND NOT ${planted}) AS others,
         (SELECT count(*)::INTEGER FROM "${filerTarget}" WHERE ${planted}) AS plantedFilings`,
    );
    expect(counted?.holders).toBe(counted?.others);
    expect(counted?.plantedFilings).toBe(4);
  });
});
