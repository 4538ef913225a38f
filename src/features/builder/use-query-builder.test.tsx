import { screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, cond } from '../../../testing/builder-harness.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { BuilderState } from './model.ts';
import { stateFromBody } from './wire.ts';

const checks = { count: 0 };

// Counts the builder's checks of a state, which stay the real ones. The dom project shares
// modules between files, so the builder is imported afresh once the counting one is in place.
vi.doMock('./validation.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./validation.ts')>();
  return {
    ...real,
    builderProblems: (state: BuilderState) => {
      checks.count += 1;
      return real.builderProblems(state);
    },
  };
});
vi.resetModules();
const { JsonPanel } = await import('./json-panel.tsx');
const { QueryBuilder } = await import('./query-builder.tsx');
const { QueryChips } = await import('./query-chips.tsx');
const { BlockingProblems, QuerySummary } = await import('./query-summary.tsx');
const { useQueryBuilder } = await import('./use-query-builder.ts');

/** Everything that shows the query at once, as the workspace can: builder, chips, JSON, summary. */
function Everything({ initial }: { initial: BuilderState }) {
  const builder = useQueryBuilder(initial);
  return (
    <>
      <QueryBuilder builder={builder} />
      <QueryChips builder={builder} onEdit={() => undefined} />
      <JsonPanel builder={builder} />
      <QuerySummary builder={builder} />
      <BlockingProblems builder={builder} />
    </>
  );
}

describe('the query is checked once per change', () => {
  it('typing a value checks the query once a keystroke, however many parts show it', async () => {
    const read = stateFromBody(bodyOf('13f_holdings', [cond('value', '$gt', '')]));
    if (!read.ok) throw new Error(read.message);
    // StrictMode renders twice on purpose: a check made while rendering would show up twice.
    const view = renderWithProviders(
      <StrictMode>
        <Everything initial={read.state} />
      </StrictMode>,
      { userDelay: null },
    );
    const builder = screen.getByRole('group', { name: 'Filters' });
    const input = within(builder).getByRole('textbox', { name: 'Value (USD) value' });
    checks.count = 0;
    await view.user.type(input, '123456');
    expect(checks.count).toBe(6);
    checks.count = 0;
    await view.user.type(screen.getByRole('textbox', { name: 'Rows (max_num)' }), '50');
    expect(checks.count).toBe(2);
    expect(screen.getByLabelText('Query in words').textContent).toContain('123456');
  });
});
