/**
 * A temporary directory for one benchmark run, removed at the end, and a deadline: however the
 * run behaves, it ends by itself after `seconds` and leaves no temp files behind.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function boundedTempRun(
  prefix: string,
  seconds: number,
): Promise<{ dir: string; cleanUp: () => void }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const cleanUp = () => {
    rmSync(dir, { recursive: true, force: true });
  };
  setTimeout(() => {
    console.error(`Gave up after ${String(seconds)} s.`);
    cleanUp();
    process.exit(1);
  }, seconds * 1000).unref();
  return { dir, cleanUp };
}
