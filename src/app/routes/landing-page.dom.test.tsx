import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse } from '../../../testing/fake-fetch.ts';
import { moduleAccess, session } from '../../lib/api/services.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { LandingPage } from './landing-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  session.signOut();
  moduleAccess.clear();
});

/**
 * The landing page of a session whose service refuses `refusedByService` (403 to any query of
 * them) and counts 1,234 records in every other module; `refusedEarlier` were marked before.
 */
function setup({
  refusedByService = [],
  refusedEarlier = [],
}: { refusedByService?: readonly string[]; refusedEarlier?: readonly string[] } = {}) {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const service = fakeFetch({
    '/index.php/api/service': (call) => {
      const { module } = JSON.parse(call.body) as { module: string };
      return refusedByService.includes(module)
        ? jsonResponse(403, { error: 'forbidden', error_message: 'Not in your subscription' })
        : jsonResponse(200, { record_count: 1234 });
    },
  });
  vi.stubGlobal('fetch', service.fetch);
  for (const module of refusedEarlier) moduleAccess.markUnavailable(module);
  renderInRouter(LandingPage);
  return {
    card: async (name: string) => screen.findByRole('region', { name }),
  };
}

describe('LandingPage', () => {
  it('offers every module its starter, with its record count, while nothing is refused', async () => {
    const { card } = setup();
    const thirteenF = await card('13F holdings');
    expect(within(thirteenF).getByRole('link', { name: /^Try:/ })).toBeInTheDocument();
    expect(await within(thirteenF).findByText('1,234 records')).toBeVisible();
  });

  it('offers no starter of a refused module, and says why and who can add it', async () => {
    const { card } = setup({ refusedEarlier: ['13f_filer_quarters'] });
    const thirteenF = await card('13F holdings');
    expect(within(thirteenF).queryByRole('link', { name: /^Try:/ })).not.toBeInTheDocument();
    expect(thirteenF).toHaveTextContent(
      'Your account does not include 13F holdings. Ask your administrator',
    );
    const metros = await card('Metro areas');
    expect(within(metros).getByRole('link', { name: /^Try:/ })).toBeInTheDocument();
  });

  it('learns a refusal from its counts, before the analyst opens the module', async () => {
    const { card } = setup({ refusedByService: ['13f_holdings'] });
    const thirteenF = await card('13F holdings');
    expect(
      await within(thirteenF).findByText(/Your account does not include 13F holdings/),
    ).toBeVisible();
    expect(within(thirteenF).queryByRole('link', { name: /^Try:/ })).not.toBeInTheDocument();
    const metros = await card('Metro areas');
    expect(await within(metros).findByText('1,234 records')).toBeVisible();
  });
});
