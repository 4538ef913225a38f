import { describe, expect, it } from 'vitest';
import { downsampleLttb, maxBarsForWidth, maxPointsForWidth } from './downsample.ts';

interface Sample {
  readonly t: number;
  readonly v: number;
}

/** A gentle wave over `length` evenly spaced x values. */
function wave(length: number): Sample[] {
  return Array.from({ length }, (_, t) => ({ t, v: Math.sin(t / 20) * 10 }));
}

const lttb = (points: readonly Sample[], threshold: number) =>
  downsampleLttb(
    points,
    threshold,
    (p) => p.t,
    (p) => p.v,
  );

describe('maxPointsForWidth', () => {
  it('allows about two points per pixel', () => {
    expect(maxPointsForWidth(600)).toBe(1200);
    expect(maxPointsForWidth(100.7)).toBe(201);
  });

  it('still allows the two end points before the chart is measured', () => {
    expect(maxPointsForWidth(0)).toBe(2);
    expect(maxPointsForWidth(Number.NaN)).toBe(2);
  });
});

describe('maxBarsForWidth', () => {
  it('gives each bar about 24 pixels', () => {
    expect(maxBarsForWidth(960)).toBe(40);
  });

  it('shows at least five bars, however narrow the chart', () => {
    expect(maxBarsForWidth(50)).toBe(5);
    expect(maxBarsForWidth(0)).toBe(5);
  });
});

describe('downsampleLttb', () => {
  it('returns the points unchanged (as a copy) when they already fit', () => {
    const points = wave(10);
    const result = lttb(points, 10);
    expect(result).toEqual(points);
    expect(result).not.toBe(points);
  });

  it('never exceeds the threshold and always keeps the first and last points', () => {
    const points = wave(1000);
    for (const threshold of [1, 2, 3, 7, 50, 999]) {
      const result = lttb(points, threshold);
      expect(result.length).toBeLessThanOrEqual(threshold);
      expect(result[0]).toBe(points[0]);
      if (threshold >= 2) expect(result.at(-1)).toBe(points.at(-1));
    }
    expect(lttb(points, 0)).toEqual([]);
  });

  it('returns exactly `threshold` points in x order', () => {
    const result = lttb(wave(1000), 100);
    expect(result).toHaveLength(100);
    const xs = result.map((p) => p.t);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('keeps a single spike that plain striding would drop', () => {
    const points = Array.from({ length: 500 }, (_, t) => ({ t, v: t === 333 ? 1000 : 1 }));
    const result = lttb(points, 20);
    expect(result.some((p) => p.t === 333)).toBe(true);
  });

  it('keeps a dip as well as a peak', () => {
    const points = Array.from({ length: 500 }, (_, t) => ({
      t,
      v: t === 120 ? -500 : t === 400 ? 500 : 0,
    }));
    const kept = lttb(points, 12).map((p) => p.t);
    expect(kept).toContain(120);
    expect(kept).toContain(400);
  });

  it('works on uneven x spacing through the accessors', () => {
    const points = Array.from({ length: 300 }, (_, i) => ({ t: i * i, v: i % 7 }));
    const result = lttb(points, 30);
    expect(result).toHaveLength(30);
    expect(new Set(result).size).toBe(30);
  });
});
