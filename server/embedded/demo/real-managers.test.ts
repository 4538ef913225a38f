import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METROS } from './metros.ts';
import { REAL_MANAGERS } from './real-managers.ts';

const DATA_DIR = join(import.meta.dirname, '..', '..', '..', 'data', '13f');

describe('the real managers the demo CRM knows', () => {
  it('are every folder of data/13f, each named and numbered as its manifest says', () => {
    const folders = readdirSync(DATA_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => {
        const manifest = JSON.parse(
          readFileSync(join(DATA_DIR, entry.name, 'manifest.json'), 'utf8'),
        ) as { filer: string; cik: string };
        return { slug: entry.name, name: manifest.filer, cik: manifest.cik };
      });
    const listed = REAL_MANAGERS.map(({ slug, name, cik }) => ({ slug, name, cik }));
    const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);
    expect(listed.sort(bySlug)).toEqual(folders.sort(bySlug));
  });

  it('sit in metros of the demo, with distinct short names', () => {
    const metros = new Set(METROS.map((metro) => metro.name));
    expect(REAL_MANAGERS.filter((manager) => !metros.has(manager.metro))).toEqual([]);
    expect(new Set(REAL_MANAGERS.map((manager) => manager.stem)).size).toBe(REAL_MANAGERS.length);
  });
});
