import { afterAll, beforeAll } from 'vitest';

const LAYOUT = ['clientHeight', 'clientWidth'] as const;

/**
 * jsdom lays nothing out; the virtualised results table needs a scroller with a size to show
 * rows. Gives every element a `size` × `size` client box for the file's tests, then takes it back.
 */
export function withTableLayout(size = 600): void {
  beforeAll(() => {
    for (const property of LAYOUT) {
      Object.defineProperty(HTMLElement.prototype, property, {
        configurable: true,
        get: () => size,
      });
    }
  });
  afterAll(() => {
    for (const property of LAYOUT) Reflect.deleteProperty(HTMLElement.prototype, property);
  });
}
