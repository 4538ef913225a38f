import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App.tsx';

describe('App placeholder', () => {
  it('names the product and lists the six modules by their human names', () => {
    render(<App />);
    expect(screen.getByRole('heading', { name: 'Marketplace analyst dashboard' })).toBeVisible();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(screen.getByText('13F holdings')).toBeVisible();
    expect(screen.getByText('Contact updates')).toBeVisible();
  });
});
