import { describe, expect, it } from 'vitest';
import {
  barSlots,
  everyNthTick,
  extentBounds,
  linearScale,
  pointPositions,
  preserveEndTicks,
  stackExtents,
  wrapWords,
} from './layout.ts';

describe('barSlots', () => {
  it('leaves a tenth of the band each side of a lone bar, its size rounded', () => {
    // 40 px band: 4 px each side, 32 px of bar.
    expect(barSlots(40, 1)).toEqual([{ offset: 4, size: 32 }]);
    // 22.5 px band: 2.25 each side, 18 px rounded from 18.
    expect(barSlots(22.5, 1)).toEqual([{ offset: 2.25, size: 18 }]);
  });

  it('puts 4 px between grouped bars', () => {
    // 60 px band, 3 groups: 6 px each side, (48 - 8) / 3 = 13.33 → 13 px each.
    expect(barSlots(60, 3)).toEqual([
      { offset: 6, size: 13 },
      { offset: 23, size: 13 },
      { offset: 40, size: 13 },
    ]);
  });

  it('caps the size at maxBarSize and centres the bar in the room it had', () => {
    // 300 px band: 240 px of room, 48 px of bar, (240 - 48) / 2 = 96 px more offset.
    expect(barSlots(300, 1, 48)).toEqual([{ offset: 30 + 96, size: 48 }]);
  });

  it('drops the gaps when the band is too thin for them', () => {
    // 8 px band: 0.8 px each side leaves 6.4 px, too little for two 4 px gaps; 2.13 → 2 px bars.
    const slots = barSlots(8, 3);
    expect(slots.map((slot) => slot.size)).toEqual([2, 2, 2]);
    slots.forEach((slot, index) => {
      expect(slot.offset).toBeCloseTo(0.8 + 2 * index, 9);
    });
  });
});

describe('stackExtents', () => {
  it('runs unstacked series from zero, missing values as zero-length bars', () => {
    expect(stackExtents([[3, -2, null]], [undefined])).toEqual([
      [
        { base: 0, top: 3 },
        { base: 0, top: -2 },
        { base: 0, top: 0 },
      ],
    ]);
  });

  it('stacks by sign: positives pile right of zero, negatives left of it', () => {
    const [quantity, price] = stackExtents(
      [
        [5, -3, -1],
        [-2, -4, 6],
      ],
      ['effect', 'effect'],
    );
    expect(quantity).toEqual([
      { base: 0, top: 5 },
      { base: 0, top: -3 },
      { base: 0, top: -1 },
    ]);
    // The second series starts where the first ended on its own side of zero.
    expect(price).toEqual([
      { base: 0, top: -2 },
      { base: -3, top: -7 },
      { base: 0, top: 6 },
    ]);
  });

  it('keeps separate stacks apart', () => {
    const extents = stackExtents([[1], [2], [4]], ['a', 'b', 'a']);
    expect(extents.map((series) => series[0])).toEqual([
      { base: 0, top: 1 },
      { base: 0, top: 2 },
      { base: 1, top: 5 },
    ]);
    expect(extentBounds(extents)).toEqual([0, 5]);
  });
});

describe('scales', () => {
  it('maps a domain onto a range, reversed ranges included', () => {
    const scale = linearScale([0, 80], [200, 0]);
    expect([scale(0), scale(20), scale(80)]).toEqual([200, 150, 0]);
  });

  it('puts the first point at the start and the last at the end; a lone point in the middle', () => {
    expect(pointPositions(3, 100, 300)).toEqual([100, 200, 300]);
    expect(pointPositions(1, 100, 300)).toEqual([200]);
  });
});

describe('preserveEndTicks', () => {
  it('keeps the last label, moved inside the axis, then those with room before it', () => {
    const ticks = [0, 50, 100, 150, 200].map((coordinate) => ({ coordinate, size: 40 }));
    // The last (200) overflows by 20: drawn at 180; the one at 150 would overlap it.
    expect(preserveEndTicks(ticks, 0, 200)).toEqual([
      { index: 1, at: 50 },
      { index: 2, at: 100 },
      { index: 4, at: 180 },
    ]);
  });

  it('shows all labels when they fit', () => {
    const ticks = [20, 60, 100].map((coordinate) => ({ coordinate, size: 30 }));
    expect(preserveEndTicks(ticks, 0, 120).map((tick) => tick.index)).toEqual([0, 1, 2]);
  });
});

describe('everyNthTick', () => {
  it('keeps the first tick and every (interval + 1)-th after it', () => {
    expect(everyNthTick(7, 2)).toEqual([0, 3, 6]);
    expect(everyNthTick(3, 0)).toEqual([0, 1, 2]);
  });
});

describe('wrapWords', () => {
  const measure = (text: string) => text.length * 10;

  it('breaks a label between words to stay narrower than the width', () => {
    expect(wrapWords('H&H INTERNATIONAL INVESTMENT, LLC', 200, measure)).toEqual([
      'H&H INTERNATIONAL',
      'INVESTMENT, LLC',
    ]);
    // Strictly narrower: a line exactly as wide as the room breaks.
    expect(wrapWords('AAAA BBBBB', 100, measure)).toEqual(['AAAA', 'BBBBB']);
  });

  it('keeps a label that fits on one line, and a word too long on its own line', () => {
    expect(wrapWords('AAPL', 200, measure)).toEqual(['AAPL']);
    expect(wrapWords('SUPERCALIFRAGILISTIC X', 100, measure)).toEqual([
      'SUPERCALIFRAGILISTIC',
      'X',
    ]);
  });
});
