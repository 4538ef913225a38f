import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBackgroundValue } from './use-background-value.ts';

const double = (input: { readonly n: number }) => input.n * 2;

function setup(heavy: boolean, first = { n: 1 }) {
  const compute = vi.fn(double);
  const view = renderHook(({ input }) => useBackgroundValue(input, compute, heavy), {
    initialProps: { input: first },
  });
  return { ...view, compute };
}

describe('useBackgroundValue', () => {
  it('computes a light input during the render', () => {
    const { result, compute } = setup(false);
    expect(result.current).toBe(2);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('computes a heavy input in a later task: nothing during the render, the value after', async () => {
    const { result, compute } = setup(true);
    expect(result.current).toBeUndefined();
    expect(compute).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(result.current).toBe(2);
    });
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('never answers a new input with the old input’s value', async () => {
    const { result, rerender } = setup(true);
    await waitFor(() => {
      expect(result.current).toBe(2);
    });
    rerender({ input: { n: 5 } });
    expect(result.current).toBeUndefined();
    await waitFor(() => {
      expect(result.current).toBe(10);
    });
  });
});
