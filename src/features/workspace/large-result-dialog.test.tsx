import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { LargeResultDialog } from './large-result-dialog.tsx';

const QUESTION = {
  phase: 'confirm',
  body: { module: 'updates', filters: {} },
  count: 123_456,
} as const;

function setup(question: typeof QUESTION | undefined) {
  const handlers = { onCancel: vi.fn(), onLoadAll: vi.fn(), onLoadFirst: vi.fn() };
  renderWithProviders(<LargeResultDialog question={question} {...handlers} />);
  return handlers;
}

describe('LargeResultDialog', () => {
  it('stays closed while no run asks', () => {
    setup(undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says how many records match and hands each choice the run that asked', async () => {
    const user = userEvent.setup();
    const { onCancel, onLoadAll, onLoadFirst } = setup(QUESTION);
    const dialog = await screen.findByRole('dialog', { name: 'A large result' });
    expect(dialog).toHaveTextContent('This query matches 123,456 records.');
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    expect(onLoadAll).toHaveBeenCalledWith(QUESTION);
    await user.click(screen.getByRole('button', { name: 'Load the first 10,000' }));
    expect(onLoadFirst).toHaveBeenCalledWith(QUESTION);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
