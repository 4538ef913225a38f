import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { session } from '../../lib/api/services.ts';
import { countBodyFor } from '#contract/request-body';
import { LARGE_RESULT_ROWS, useRunFlow } from './use-run-flow.ts';

function setup(count: number) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const fake = fakeFetch({ '/index.php/api/service': () => jsonResponse(200, { count }) });
  vi.stubGlobal('fetch', fake.fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useRunFlow(), { wrapper });
  const sent = () => fake.calls.map((call) => JSON.parse(call.body) as unknown);
  return { result, sent };
}

const metros = {
  module: 'metro_area__c',
  filters: {
    fields: ['name'],
    filter: [{ country__c: { $equals: 'Japan' } }],
    order_by: 'name:ASC',
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
});

describe('useRunFlow', () => {
  it('counts first with the same module and filter only, then goes on to the rows', async () => {
    const { result, sent } = setup(12);
    await act(() => result.current.run(metros));
    expect(sent()).toEqual([countBodyFor(metros)]);
    expect(countBodyFor(metros)).toEqual({
      module: 'metro_area__c',
      count_only: true,
      filters: { filter: [{ country__c: { $equals: 'Japan' } }] },
    });
    expect(result.current.state).toEqual({ phase: 'rows', body: metros, count: 12 });
  });

  it('asks before pulling more than the threshold when no max_num limits the rows', async () => {
    const { result } = setup(LARGE_RESULT_ROWS + 1);
    await act(() => result.current.run(metros));
    expect(result.current.state).toMatchObject({ phase: 'confirm', count: LARGE_RESULT_ROWS + 1 });
    act(() => {
      result.current.cancel();
    });
    expect(result.current.state).toEqual({ phase: 'idle' });
  });

  it('does not ask when max_num keeps the rows under the threshold', async () => {
    const { result } = setup(LARGE_RESULT_ROWS * 5);
    const limited = { ...metros, filters: { ...metros.filters, max_num: '100' } };
    await act(() => result.current.run(limited));
    expect(result.current.state).toMatchObject({ phase: 'rows', body: limited });
  });

  it('sends a count-only query as it is, without a second count', async () => {
    const { result, sent } = setup(3);
    const countOnly = { module: 'metro_area__c', count_only: '1' };
    await act(() => result.current.run(countOnly));
    expect(result.current.state).toEqual({ phase: 'rows', body: countOnly, count: undefined });
    expect(sent()).toEqual([]);
  });

  it('lets a newer run win over an older one still counting', async () => {
    const { result } = setup(7);
    const older = result.current.run(metros);
    const newer = { module: 'updates' };
    await act(async () => {
      await Promise.all([older, result.current.run(newer)]);
    });
    await waitFor(() => {
      expect(result.current.state).toMatchObject({ phase: 'rows', body: newer });
    });
  });
});
