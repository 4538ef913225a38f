import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleAccess } from '../../lib/api/services.ts';
import { renderInRouter } from '../../../testing/render.tsx';
import { LandingPage } from './landing-page.tsx';

afterEach(() => {
  moduleAccess.clear();
});

/** The landing page in a session the service has refused `refused` in. */
function setup(refused: readonly string[] = []) {
  for (const module of refused) moduleAccess.markUnavailable(module);
  renderInRouter(LandingPage);
  return {
    card: async (name: string) => screen.findByRole('region', { name }),
  };
}

describe('LandingPage', () => {
  it('offers every module its starter while nothing was refused', async () => {
    const { card } = setup();
    const thirteenF = await card('13F holdings');
    expect(within(thirteenF).getByRole('link', { name: /^Try:/ })).toBeInTheDocument();
  });

  it('offers no starter of a refused module, and says why and who can add it', async () => {
    const { card } = setup(['13f_filer_quarters']);
    const thirteenF = await card('13F holdings');
    expect(within(thirteenF).queryByRole('link', { name: /^Try:/ })).not.toBeInTheDocument();
    expect(thirteenF).toHaveTextContent(
      'Your account does not include 13F holdings. Ask your administrator',
    );
    const metros = await card('Metro areas');
    expect(within(metros).getByRole('link', { name: /^Try:/ })).toBeInTheDocument();
  });
});
