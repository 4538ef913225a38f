import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROW_HEIGHT, rowWindow, useRowWindow } from './row-window.ts';

const indexes = (window: ReturnType<typeof rowWindow>) => window.items.map((item) => item.index);

describe('rowWindow: the rows in view, three more each side, and spacers for the rest', () => {
  it('at the top: the rows in view and three below; the rest is one spacer', () => {
    const window = rowWindow(1_000, { top: 0, height: 10 * ROW_HEIGHT });
    expect(indexes(window)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(window.before).toBe(0);
    expect(window.after).toBe((1_000 - 13) * ROW_HEIGHT);
  });

  it('scrolled part-way into a row: that row, the rows in view, three each side', () => {
    const window = rowWindow(1_000, { top: 100 * ROW_HEIGHT + 5, height: 10 * ROW_HEIGHT });
    expect(indexes(window)[0]).toBe(97);
    expect(indexes(window).at(-1)).toBe(113);
    expect(window.before).toBe(97 * ROW_HEIGHT);
    // Every row is either drawn or stood for by a spacer: the scroll height stays exact.
    expect(window.before + window.items.length * ROW_HEIGHT + window.after).toBe(
      1_000 * ROW_HEIGHT,
    );
  });

  it('at the bottom, and past it after the rows shrank: the last rows, no spacer below', () => {
    expect(indexes(rowWindow(20, { top: 10 * ROW_HEIGHT, height: 10 * ROW_HEIGHT }))).toEqual([
      7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    const shrunk = rowWindow(5, { top: 10_000, height: 600 });
    expect(indexes(shrunk)).toEqual([1, 2, 3, 4]);
    expect(shrunk.after).toBe(0);
  });

  it('keys rows by slot: unique in every window, kept by a row that stays in view', () => {
    const height = 17.5 * ROW_HEIGHT;
    const keysAt = (top: number) =>
      new Map(rowWindow(100_000, { top, height }).items.map((item) => [item.index, item.key]));
    let previous = keysAt(0);
    const seen = new Set<number>();
    // Slow scrolls, part-rows and the fast scroll of the bench (about 260 rows a frame).
    for (const step of [1, 5, 16.5, 33, 140, 8_580, 33 * 260]) {
      for (let frame = 1; frame <= 40; frame++) {
        const keys = keysAt(frame * step);
        expect(new Set(keys.values()).size).toBe(keys.size);
        for (const key of keys.values()) seen.add(key);
        for (const [index, key] of keys) {
          if (previous.has(index)) expect(previous.get(index)).toBe(key);
        }
        previous = keys;
      }
    }
    // Rows scrolled in reuse the slots (and so the DOM) of rows scrolled out: a few dozen keys
    // over thousands of rows, never one per row.
    expect(seen.size).toBeLessThanOrEqual(Math.ceil(height / ROW_HEIGHT) + 7);
  });

  it('no rows: nothing to draw; an unmeasured (zero-height) view: the first row and three', () => {
    expect(rowWindow(0, { top: 0, height: 600 })).toEqual({ items: [], before: 0, after: 0 });
    expect(indexes(rowWindow(100, { top: 0, height: 0 }))).toEqual([0, 1, 2, 3]);
  });
});

/** A scroller of `height` px with a scroll position the test sets. */
function scrollerOf(height: number) {
  const element = document.createElement('div');
  let top = 0;
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (next: number) => {
      top = next;
    },
  });
  return {
    ref: { current: element },
    resize: (next: number) => {
      height = next;
    },
  };
}

describe('useRowWindow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('follows the scroller: its height once mounted, then each scroll', () => {
    const scroller = scrollerOf(10 * ROW_HEIGHT);
    const { result } = renderHook(() => useRowWindow(1_000, scroller.ref));
    expect(result.current.items).toHaveLength(13);
    act(() => {
      scroller.ref.current.scrollTop = 500 * ROW_HEIGHT;
      scroller.ref.current.dispatchEvent(new Event('scroll'));
    });
    expect(result.current.items[0]?.index).toBe(497);
    expect(result.current.before).toBe(497 * ROW_HEIGHT);
  });

  it('follows the scroller’s height as it is resized, and lets go of it when unmounted', () => {
    let onResize: () => void = () => undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          onResize = callback;
        }
        observe(): void {}
        disconnect = disconnect;
      },
    );
    const scroller = scrollerOf(10 * ROW_HEIGHT);
    const { result, unmount } = renderHook(() => useRowWindow(1_000, scroller.ref));
    act(() => {
      scroller.resize(20 * ROW_HEIGHT);
      onResize();
    });
    expect(result.current.items).toHaveLength(23);
    unmount();
    expect(disconnect).toHaveBeenCalledOnce();
  });
});
