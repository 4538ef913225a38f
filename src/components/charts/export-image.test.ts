import { describe, expect, it } from 'vitest';
import { titleLayout } from './export-image.ts';
import type { MeasureText } from './export-image.ts';

/** A monospaced stand-in for the browser's metrics: 0.6 em a character. */
const mono: MeasureText = (text, size) => text.length * size * 0.6;
const TITLE = '13F portfolio weights — BERKSHIRE HATHAWAY INC · Mar 31, 2025 (top 10 of 38)';

function setup(title: string, width: number) {
  const layout = titleLayout(title, width, mono);
  const widest = Math.max(...layout.lines.map((line) => mono(line, layout.size)));
  return { ...layout, widest, room: width - 16 };
}

describe('titleLayout', () => {
  it('keeps a title that fits on one line at full size', () => {
    expect(setup('Portfolio weights', 600)).toMatchObject({
      size: 15,
      lines: ['Portfolio weights'],
    });
  });

  it('wraps a long title at spaces, every word kept, no line wider than the image', () => {
    const { lines, widest, room, size } = setup(TITLE, 560);
    expect(size).toBe(15);
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toBe(TITLE);
    expect(widest).toBeLessThanOrEqual(room);
  });

  it('shrinks before a third line, and at the smallest size wraps as far as it must', () => {
    const shrunk = setup(TITLE, 360);
    expect(shrunk.size).toBeLessThan(15);
    expect(shrunk.lines.length).toBeLessThanOrEqual(2);
    expect(shrunk.lines.join(' ')).toBe(TITLE);
    const narrow = setup(TITLE, 200);
    expect(narrow.size).toBe(11);
    expect(narrow.lines.join(' ')).toBe(TITLE);
    expect(narrow.widest).toBeLessThanOrEqual(narrow.room);
  });

  it('breaks inside a word only when the word alone is wider than the image', () => {
    const word = 'X'.repeat(40);
    const { lines, widest, room } = setup(word, 200);
    expect(lines.join('')).toBe(word);
    expect(widest).toBeLessThanOrEqual(room);
  });
});
