import { describe, expect, it } from 'vitest';
import { Random } from '../server/embedded/demo/random.ts';
import {
  filerSizes,
  firstQuarter,
  IssuerPicker,
  makeIssuers,
  nextQuarter,
} from './13f-quarters.ts';

describe('filerSizes', () => {
  it('spreads exactly the rows asked for, within the cap, a few large filers and a long tail', () => {
    const sizes = filerSizes(100_000, 267, 15_000);
    expect(sizes).toHaveLength(267);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(100_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(15_000);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
    expect(sizes[0]).toBeGreaterThan(2 * median);
  });

  it('refuses what cannot be spread', () => {
    expect(() => filerSizes(10, 20, 5)).toThrow();
    expect(() => filerSizes(1000, 10, 50)).toThrow();
  });
});

describe('makeIssuers', () => {
  it('gives distinct nine-character CUSIPs', () => {
    const cusips = makeIssuers(5000).map((issuer) => issuer.cusip);
    expect(new Set(cusips).size).toBe(5000);
    expect(cusips.every((cusip) => /^[0-9A-Z]{9}$/.test(cusip))).toBe(true);
  });
});

describe('quarters', () => {
  const picker = new IssuerPicker(2000);
  const random = new Random(7);
  const filers = Array.from({ length: 200 }, () => {
    const before = firstQuarter(random, picker, 150);
    return { before, after: nextQuarter(random, picker, before) };
  });

  it('holds each issuer at most once per filer and quarter', () => {
    for (const { before, after } of filers) {
      expect(new Set(before.map((p) => p.issuer)).size).toBe(before.length);
      expect(new Set(after.map((p) => p.issuer)).size).toBe(after.length);
    }
  });

  it('carries about 80 % of positions over and keeps filers about the same size', () => {
    let carried = 0;
    let total = 0;
    let afterTotal = 0;
    for (const { before, after } of filers) {
      const held = new Set(after.map((p) => p.issuer));
      carried += before.filter((p) => held.has(p.issuer)).length;
      total += before.length;
      afterTotal += after.length;
    }
    expect(carried / total).toBeGreaterThan(0.77);
    expect(carried / total).toBeLessThan(0.83);
    expect(afterTotal / total).toBeGreaterThan(0.95);
    expect(afterTotal / total).toBeLessThan(1.05);
  });

  it('leaves some carried positions unchanged and adds to or reduces others', () => {
    const changes = { same: 0, up: 0, down: 0 };
    for (const { before, after } of filers) {
      const shares = new Map(before.map((p) => [p.issuer, p.shares]));
      for (const p of after) {
        const was = shares.get(p.issuer);
        if (was === undefined) continue;
        if (p.shares === was) changes.same += 1;
        else if (p.shares > was) changes.up += 1;
        else changes.down += 1;
      }
    }
    const carried = changes.same + changes.up + changes.down;
    expect(changes.same / carried).toBeGreaterThan(0.4);
    expect(changes.up / carried).toBeGreaterThan(0.15);
    expect(changes.down / carried).toBeGreaterThan(0.15);
  });

  it('makes the first issuer widely held, as a mega-cap is', () => {
    const holders = filers.filter(({ before }) => before.some((p) => p.issuer === 0)).length;
    expect(holders / filers.length).toBeGreaterThan(0.9);
  });
});
