import { screen, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { moduleAccess } from '../lib/api/services.ts';
import { renderInRouter } from '../../testing/render.tsx';
import { ModuleAccessGate } from './module-access-gate.tsx';

afterEach(() => {
  moduleAccess.clear();
});

/** A 13F page behind the gate, with `heading` as the page's own title. */
function setup() {
  renderInRouter(() => (
    <ModuleAccessGate module="13f_holdings" heading="The quarter across managers">
      <h1>The quarter across managers</h1>
      <p>The view itself</p>
    </ModuleAccessGate>
  ));
}

describe('ModuleAccessGate', () => {
  it('shows the page while the service has refused nothing', async () => {
    setup();
    expect(await screen.findByText('The view itself')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says once, after the first 403, why the page is closed and who can open it', async () => {
    setup();
    await screen.findByText('The view itself');
    act(() => {
      moduleAccess.markUnavailable('13f_filer_quarters');
    });
    expect(screen.queryByText('The view itself')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'The quarter across managers' }),
    ).toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(
      'Your account does not include 13F holdings. Ask your administrator (the person who manages your Marketplace subscription) to add it.',
    );
    expect(screen.getAllByText(/does not include/)).toHaveLength(1);
    expect(within(notice).getByRole('link', { name: /modules you have/ })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
