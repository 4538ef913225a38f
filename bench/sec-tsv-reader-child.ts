/**
 * One import of bench/sec-tsv-reader.bench.ts, in a process of its own so its peak RSS is its
 * own: imports a data set into a fresh filing store with one INFOTABLE reader, then prints one
 * line of JSON: rows, the import's time and CPU (without Node's start or opening the store), the
 * process's peak RSS, a fingerprint of the rows stored and every bad line.
 *
 *   node --import tsx bench/sec-tsv-reader-child.ts <data set> <store> duckdb|node
 */
import { readFileSync } from 'node:fs';
import { importDataSet } from '../server/embedded/thirteen-f/datasets.ts';
import { openFilingStore } from '../server/embedded/thirteen-f/store.ts';

const [dataSet = '', storePath = '', reader = ''] = process.argv.slice(2);
if (reader !== 'duckdb' && reader !== 'node') throw new Error(`unknown reader ${reader}`);

const store = await openFilingStore(storePath);
try {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const summary = await importDataSet(store.connection, dataSet, { reader });
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  // Every stored value in one figure: equal fingerprints, equal rows (in any order).
  const fingerprint = await store.connection.runAndReadAll(`
    SELECT count(*)::VARCHAR || ' rows, hash ' || sum(hash(accession, row_number, nameofissuer,
      titleofclass, cusip, value_usd, shares, share_type, put_call))::VARCHAR
    FROM thirteenf_infotable`);
  const peak = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  console.log(
    JSON.stringify({
      rows: summary.rows,
      seconds,
      cpuSeconds: (user + system) / 1e6,
      peakRssBytes: Number(peak) * 1024,
      fingerprint: String(fingerprint.getRows()[0]?.[0]),
      badLines: summary.badLines,
    }),
  );
} finally {
  store.close();
}
