/**
 * Import throughput of SEC's quarterly 13F data sets: writes a synthetic data set (INFOTABLE
 * with `--rows` rows across `--filings` filings, plus SUBMISSION and COVERPAGE) to a temp dir,
 * imports it into a fresh file-backed filing store, then imports it again (a re-import replaces
 * every filing, so it also pays for deleting the first run's rows).
 *
 *   npx tsx bench/import-13f.bench.ts [--rows 1000000] [--filings 1500] [--seconds 600]
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { Random } from '../server/embedded/demo/random.ts';
import { cusipCheckDigit } from '../server/embedded/demo/cusip.ts';
import { importDataSet } from '../server/embedded/thirteen-f/datasets.ts';
import { openFilingStore } from '../server/embedded/thirteen-f/store.ts';
import {
  coverPageRecord,
  infoTableRecord,
  secTable,
  submissionRecord,
} from '../testing/sec-datasets.ts';
import type { SecSubmission } from '../testing/sec-datasets.ts';
import { boundedTempRun } from './bounded-run.ts';
import { formatMs } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    filings: { type: 'string', default: '1500' },
    seconds: { type: 'string', default: '600' },
  },
});
const rowCount = Number(args.rows);
const filingCount = Number(args.filings);
const GOAL_ROWS_PER_SECOND = 100_000;
const GOAL_RSS_BYTES = 2 * 1024 ** 3;

const { dir, cleanUp } = await boundedTempRun('import-13f-bench-', Number(args.seconds));

const random = new Random(13);
const ISSUERS = Array.from({ length: 5000 }, (_, i) => {
  const base = `${String(100000 + i * 7)}${String.fromCharCode(65 + (i % 26))}${String(i % 10)}`;
  return { cusip: `${base}${cusipCheckDigit(base)}`, name: `ISSUER ${i} CORP` };
});

function submissions(): SecSubmission[] {
  return Array.from({ length: filingCount }, (_, i) => ({
    accession: `0000950123-24-${String(i).padStart(6, '0')}`,
    cik: String(1_000_000 + i),
    filerName: `MANAGER ${i} CAPITAL LLC`,
    filingDate: '2024-05-15',
    periodOfReport: '2024-03-31',
    // A few amendments and notices, as in a real quarter.
    submissionType: i % 50 === 49 ? '13F-NT' : i % 20 === 19 ? '13F-HR/A' : '13F-HR',
    ...(i % 20 === 19 ? { amendmentType: 'NEW HOLDINGS' as const } : {}),
  }));
}

/** Streams INFOTABLE to disk in blocks, honouring back-pressure, so generation stays flat. */
async function writeInfoTable(path: string, filed: readonly SecSubmission[]): Promise<void> {
  const holders = filed.filter((s) => !s.submissionType.startsWith('13F-NT'));
  const table = secTable('INFOTABLE');
  const out = createWriteStream(path);
  let block = [table.header];
  for (let i = 0; i < rowCount; i += 1) {
    // Grouped by filing, like SEC's files: each filing gets an even share of the rows.
    const holder = holders[Math.floor((i * holders.length) / rowCount)];
    const issuer = random.pick(ISSUERS);
    const shares = random.int(1, 5_000_000);
    const record = infoTableRecord(
      {
        accession: holder?.accession ?? '',
        nameOfIssuer: issuer.name,
        titleOfClass: 'COM',
        cusip: issuer.cusip,
        value: Math.round(shares * random.float(1, 500)),
        shares,
        shareType: 'SH',
        putCall: random.chance(0.02) ? 'PUT' : null,
      },
      i + 1,
    );
    block.push(table.line(record));
    if (block.length === 10_000) {
      if (!out.write(`${block.join('\n')}\n`)) await once(out, 'drain');
      block = [];
    }
  }
  out.end(block.length > 0 ? `${block.join('\n')}\n` : '');
  await once(out, 'finish');
}

async function writeDataSet(): Promise<string> {
  const folder = join(dir, 'dataset');
  const filed = submissions();
  await mkdir(folder);
  const write = async (
    file: 'SUBMISSION' | 'COVERPAGE',
    toRecord: (s: SecSubmission) => Record<string, string>,
  ) => {
    const table = secTable(file);
    await writeFile(
      join(folder, `${file}.tsv`),
      [table.header, ...filed.map((s) => table.line(toRecord(s)))].join('\n') + '\n',
    );
  };
  await write('SUBMISSION', submissionRecord);
  await write('COVERPAGE', coverPageRecord);
  await writeInfoTable(join(folder, 'INFOTABLE.tsv'), filed);
  return folder;
}

let missed = false;
try {
  console.log(
    `Writing a data set of ${rowCount.toLocaleString('en-US')} rows across ${filingCount.toLocaleString('en-US')} filings...`,
  );
  const written = performance.now();
  const dataSet = await writeDataSet();
  console.log(`Written in ${formatMs(performance.now() - written)}`);

  const store = await openFilingStore(join(dir, 'store.duckdb'));
  try {
    for (const run of ['import', 're-import']) {
      const started = performance.now();
      const summary = await importDataSet(store.connection, dataSet);
      const seconds = (performance.now() - started) / 1000;
      const perSecond = summary.rows / seconds;
      const ok = perSecond >= GOAL_ROWS_PER_SECOND;
      missed ||= !ok;
      console.log(
        `${run}: ${summary.rows.toLocaleString('en-US')} rows, ${summary.filings.toLocaleString('en-US')} filings in ${seconds.toFixed(2)} s = ${Math.round(perSecond).toLocaleString('en-US')} rows/s (goal ≥ ${GOAL_ROWS_PER_SECOND.toLocaleString('en-US')}: ${ok ? 'met' : 'MISSED'})`,
      );
    }
  } finally {
    store.close();
  }
  // maxRSS is in kilobytes; it is the peak of the whole process, generation included.
  const peak = process.resourceUsage().maxRSS * 1024;
  const ok = peak <= GOAL_RSS_BYTES;
  missed ||= !ok;
  console.log(
    `peak RSS: ${(peak / 1024 ** 2).toFixed(0)} MB (goal ≤ ${GOAL_RSS_BYTES / 1024 ** 3} GB: ${ok ? 'met' : 'MISSED'})`,
  );
} finally {
  cleanUp();
}
process.exit(missed ? 1 : 0);
