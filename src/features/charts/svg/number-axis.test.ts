import { describe, expect, it } from 'vitest';
import { resolveNumberAxis, tickLabel } from './number-axis.ts';

describe('resolveNumberAxis', () => {
  it('runs from zero to the data, widened to round ticks', () => {
    expect(resolveNumberAxis({}, [0, 66_639_000_000])).toEqual({
      domain: [0, 80e9],
      ticks: [0, 20e9, 40e9, 60e9, 80e9],
    });
  });

  it('reaches below zero for negative data', () => {
    expect(resolveNumberAxis({}, [-3_540_701_700, 1_361_117_895]).domain).toEqual([-4.5e9, 1.5e9]);
  });

  it('keeps counts on whole numbers', () => {
    expect(resolveNumberAxis({ allowDecimals: false }, [0, 3]).ticks).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps explicit ticks, the range widened only to the data', () => {
    const axis = resolveNumberAxis(
      { domain: [-100, 150], ticks: [-100, 0, 100, 150] },
      [-100, 150],
    );
    expect(axis).toEqual({ domain: [-100, 150], ticks: [-100, 0, 100, 150] });
    expect(resolveNumberAxis({ domain: [-100, 150], ticks: [0] }, [-120, 90]).domain).toEqual([
      -120, 150,
    ]);
  });

  it('draws an empty chart on 0 to 4, as the old chart library did', () => {
    expect(resolveNumberAxis({}, undefined)).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
  });
});

describe('tickLabel', () => {
  it('formats the value, then adds the unit', () => {
    expect(tickLabel({ unit: '%' }, 14)).toBe('14%');
    expect(tickLabel({ tickFormatter: (value) => `$${String(value / 1e9)}B` }, 20e9)).toBe('$20B');
  });
});
