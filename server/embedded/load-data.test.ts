import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  derivedHoldings,
  filingMeta,
  fixtureFolder,
  importHoldings,
  removeFixtureFolders,
  writeFixture,
} from '../../testing/thirteen-f.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../log.ts';
import { loadServiceData } from './load-data.ts';
import { openFilingStore } from './thirteen-f/store.ts';

afterAll(removeFixtureFolders);

describe('loadServiceData', () => {
  it("serves the operator's imported filings, matched by the filer matches file", async () => {
    const folder = fixtureFolder();
    const storePath = join(folder, 'filings.duckdb');
    const store = await openFilingStore(storePath);
    await importHoldings(store.connection, [
      {
        meta: filingMeta({
          periodOfReport: '2024-06-30',
          cik: '0000777777',
          filerName: 'OPERATOR CAPITAL LP',
        }),
        holdings: [{ issuer: 'ALPHA CORP', cusip: '000000AA1', value: 1000, shares: 10 }],
      },
    ]);
    store.close();
    const matches = writeFixture(
      folder,
      'matches.json',
      JSON.stringify([{ cik: '777777', account_id: 'ACC-OP', account_name: 'Operator Capital' }]),
    );

    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    await loadServiceData(connection, {
      today: new Date('2026-06-15T12:00:00Z'),
      config: loadConfig({ FILINGS_DB: storePath, FILER_MATCHES_FILE: matches }),
      logger: createLogger('silent'),
    });

    const operator = await derivedHoldings(connection, `companyname = 'OPERATOR CAPITAL LP'`);
    expect(operator.map((row) => [row.cusip, row.portfolio_pct_weight])).toEqual([
      ['000000AA1', 100],
    ]);
    const matched = await connection.runAndReadAll(
      `SELECT DISTINCT service_account_name FROM "13f_holdings" WHERE companyname = 'OPERATOR CAPITAL LP'`,
    );
    expect(matched.getRowObjects()).toEqual([{ service_account_name: 'Operator Capital' }]);
    // The demo data is all there too.
    const berkshire = await derivedHoldings(connection, `companyname = 'BERKSHIRE HATHAWAY INC'`);
    expect(berkshire.length).toBeGreaterThan(400);
  });
});
