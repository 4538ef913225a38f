import { describe, expect, it } from 'vitest';
import { MANAGER_PEOPLE } from './manager-people.ts';

interface Manifest {
  readonly cik: string;
  readonly filer: string;
}

/** The shipped filers, from their manifests (read by the bundler: the app has no Node APIs). */
const MANIFESTS = import.meta.glob<Manifest>('../../../data/13f/*/manifest.json', {
  eager: true,
  import: 'default',
});

/** CIK to the name the filer files under. */
function shippedFilers(): Map<string, string> {
  return new Map(Object.values(MANIFESTS).map((manifest) => [manifest.cik, manifest.filer]));
}

describe('the people of the 13F filers', () => {
  it('names only shipped filers, by their CIK and the name they file under', () => {
    const shipped = shippedFilers();
    expect(shipped.size).toBeGreaterThanOrEqual(37);
    for (const { cik, filedAs } of MANAGER_PEOPLE) {
      expect(shipped.has(cik), `CIK ${cik} (${filedAs}) ships`).toBe(true);
      expect(shipped.get(cik)).toBe(filedAs);
    }
  });

  it('lists each filer once, each with someone in it', () => {
    const ciks = MANAGER_PEOPLE.map((filer) => filer.cik);
    expect(new Set(ciks).size).toBe(ciks.length);
    for (const filer of MANAGER_PEOPLE) expect(filer.people.length).toBeGreaterThan(0);
  });
});
