import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { session } from '../lib/api/services.ts';
import { follows } from '../lib/follows/use-follows.ts';
import { FollowStar } from './follow-star.tsx';

afterEach(() => {
  session.signOut();
  window.localStorage.clear();
});

function setup() {
  session.signIn({ access_token: 'token', expires_in: 3600 }, 'analyst');
  const onRowClick = vi.fn();
  renderWithProviders(
    <div onClick={onRowClick}>
      <FollowStar kind="filer" followKey="SCION ASSET MANAGEMENT, LLC" label="Scion" />
      <FollowStar kind="filer" followKey="SCION ASSET MANAGEMENT, LLC" label="Scion again" />
    </div>,
  );
  return { user: userEvent.setup(), onRowClick };
}

describe('FollowStar', () => {
  it('follows on a click, shows it on every star of the same filer, and unfollows', async () => {
    const { user, onRowClick } = setup();
    const star = screen.getByRole('button', { name: 'Follow Scion' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Follow Scion again' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(follows.isFollowed('filer', 'SCION ASSET MANAGEMENT, LLC')).toBe(true);
    expect(onRowClick).not.toHaveBeenCalled();
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
  });
});
