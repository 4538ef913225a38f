import { describe, expect, it } from 'vitest';
import { bandAt, layoutBars, shownTicks, shownVerticalTicks } from './bar-layout.ts';
import type { BarLayoutInput } from './bar-layout.ts';
import { stackExtents } from './layout.ts';

const MARGIN = { top: 0, right: 20, bottom: 0, left: 0 };

/** A chart of 400 × 230 px: a 100 px Y axis, the 30 px X axis: a plot of 280 × 200 px. */
function input(overrides: Partial<BarLayoutInput>): BarLayoutInput {
  return {
    width: 400,
    height: 230,
    margin: MARGIN,
    orientation: 'rows',
    extents: [],
    stackIds: [undefined],
    categoryCount: 2,
    categorySize: 100,
    valueAxis: {},
    legendHeight: 0,
    ...overrides,
  };
}

describe('layoutBars', () => {
  it('draws rows left to right from zero, a negative value as a negative width', () => {
    const layout = layoutBars(
      input({
        extents: stackExtents([[40, -20]], [undefined]),
        valueAxis: { domain: [-40, 40], ticks: [-40, 0, 40] },
      }),
    );
    expect(layout.plot).toEqual({ left: 100, right: 380, top: 0, bottom: 200 });
    const [gain, loss] = layout.bars;
    // Rows of 100 px: bars 80 px thick, 10 px from the row's top; zero at the plot's middle.
    expect(gain).toEqual({ series: 0, index: 0, x: 240, y: 10, width: 140, height: 80 });
    expect(loss).toEqual({ series: 0, index: 1, x: 240, y: 110, width: -70, height: 80 });
    expect(layout.valueTicks.map((tick) => tick.coordinate)).toEqual([100, 240, 380]);
  });

  it('raises columns from the bottom, a stack in one slot, the legend kept free', () => {
    const layout = layoutBars(
      input({
        orientation: 'columns',
        extents: stackExtents([[1], [2]], ['count', 'count']),
        stackIds: ['count', 'count'],
        categoryCount: 1,
        categorySize: undefined,
        valueAxis: { allowDecimals: false },
        valueSize: 40,
        legendHeight: 30,
      }),
    );
    // Plot: x 40–380, y 0–170; the ticks 0…4 put 1 unit at 42.5 px.
    expect(layout.plot).toEqual({ left: 40, right: 380, top: 0, bottom: 170 });
    const [first, second] = layout.bars;
    expect(first).toMatchObject({ x: 74, width: 272, y: 127.5, height: 42.5 });
    expect(second).toMatchObject({ x: 74, width: 272, y: 42.5, height: 85 });
  });
});

describe('bandAt', () => {
  it('finds the band under a position, none outside the bands', () => {
    expect([
      bandAt(0, [0, 100], 100),
      bandAt(150, [0, 100], 100),
      bandAt(200, [0, 100], 100),
    ]).toEqual([0, 1, undefined]);
  });
});

describe('shownTicks', () => {
  const ticks = ['Jan', 'Feb', 'Mar', 'Apr'].map((label, index) => ({
    label,
    coordinate: 50 + index * 100,
  }));

  it('keeps every (n+1)-th label with a fixed interval', () => {
    expect(shownTicks(ticks, 1, [0, 400], () => 30).map((tick) => tick.index)).toEqual([0, 2]);
  });

  it('thins from the end when the labels are too wide', () => {
    expect(shownTicks(ticks, 'preserveEnd', [0, 400], () => 120).map((tick) => tick.index)).toEqual(
      [1, 3],
    );
  });
});

describe('shownVerticalTicks', () => {
  it('moves the top label down inside the chart, the others on their ticks', () => {
    // Ticks from the bottom (200) up to 8 px from the top; labels 24.8 px tall.
    const ticks = [200, 152, 104, 56, 8].map((coordinate, index) => ({
      coordinate,
      label: String(index),
    }));
    expect(shownVerticalTicks(ticks, 230, 24.8)).toEqual([
      { index: 0, at: 200 },
      { index: 1, at: 152 },
      { index: 2, at: 104 },
      { index: 3, at: 56 },
      { index: 4, at: 12.4 },
    ]);
  });

  it('drops labels too close to the one above', () => {
    const ticks = [100, 90, 80].map((coordinate) => ({ coordinate, label: '' }));
    expect(shownVerticalTicks(ticks, 200, 10).map((tick) => tick.index)).toEqual([0, 2]);
  });
});
