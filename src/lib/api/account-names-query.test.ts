import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountNamesForExport, EXPORT_NAMES_WAIT_MS } from './account-names-query.ts';

const lookup = vi.hoisted(() => vi.fn());
vi.mock('./account-names.ts', () => ({ fetchAccountNames: lookup }));
vi.mock('./services.ts', () => ({ client: {} }));

function setup() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  lookup.mockReset();
});

describe('account names for an export', () => {
  it('are the names looked up, when they answer in time', async () => {
    lookup.mockResolvedValue(new Map([['A', 'Alpha']]));
    const answer = await accountNamesForExport(setup(), ['A'], true);
    expect(answer).toEqual({ names: new Map([['A', 'Alpha']]) });
  });

  it('are not waited for beyond the limit: the export goes without, saying why', async () => {
    lookup.mockReturnValue(new Promise(() => undefined));
    const answer = accountNamesForExport(setup(), ['A'], true);
    await vi.advanceTimersByTimeAsync(EXPORT_NAMES_WAIT_MS);
    await expect(answer).resolves.toEqual({ missing: 'slow' });
  });

  it('say when the lookup failed, and need no lookup for no IDs', async () => {
    lookup.mockRejectedValue(new Error('503'));
    await expect(accountNamesForExport(setup(), ['A'], true)).resolves.toEqual({
      missing: 'failed',
    });
    await expect(accountNamesForExport(setup(), [], true)).resolves.toEqual({ names: new Map() });
    expect(lookup).toHaveBeenCalledTimes(1);
  });
});
