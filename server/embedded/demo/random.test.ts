import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

describe('Random', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const sequence = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(sequence(7)).toEqual(sequence(7));
    expect(sequence(7)).not.toEqual(sequence(8));
  });

  it('keeps int() within its inclusive bounds and reaches both ends', () => {
    const random = new Random(1);
    const seen = new Set<number>();
    for (let index = 0; index < 2_000; index += 1) seen.add(random.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('never picks a zero-weight choice and samples without repeats', () => {
    const random = new Random(2);
    for (let index = 0; index < 500; index += 1) {
      expect(
        random.weighted([
          ['a', 1],
          ['never', 0],
          ['b', 3],
        ]),
      ).not.toBe('never');
    }
    const sample = random.sample([1, 2, 3, 4, 5, 6, 7, 8], 5);
    expect(new Set(sample).size).toBe(5);
  });
});

describe('demo generators', () => {
  it('never read the clock or an unseeded random source', () => {
    const directory = import.meta.dirname;
    const sources = readdirSync(directory).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(directory, file), 'utf8');
      expect(text, file).not.toMatch(/Math\.random|Date\.now\(|new Date\(\)/);
    }
  });
});
