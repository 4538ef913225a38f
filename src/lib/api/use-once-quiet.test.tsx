import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOnceQuiet } from './use-once-quiet.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The hook beside a page query that answers when `answer` is called. */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let answer: () => void = () => undefined;
  const page = new Promise<string>((resolve) => {
    answer = () => {
      resolve('rows');
    };
  });
  // The key names the page's query; `page` is the answer it waits for.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  void client.query({ queryKey: ['query', 'page'], queryFn: () => page }).catch(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useOnceQuiet({ least: 300, most: 2000 }), { wrapper });
  return { hook, answer, client };
}

describe('useOnceQuiet', () => {
  it("waits for the page's own query, then stays quiet when the page asks again", async () => {
    const { hook, answer, client } = setup();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(hook.result.current).toBe(false);
    answer();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(hook.result.current).toBe(true);
    void client
      .query({ queryKey: ['query', 'next'], queryFn: () => new Promise<string>(() => undefined) })
      .catch(() => undefined);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(hook.result.current).toBe(true);
  });

  it('gives up waiting after `most`', async () => {
    const { hook } = setup();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(hook.result.current).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(hook.result.current).toBe(true);
  });
});
