import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModuleAccess } from './module-access.ts';

afterEach(() => {
  window.sessionStorage.clear();
});

describe('ModuleAccess', () => {
  it('remembers refused modules across a reload of the tab, and tells its listeners', () => {
    const access = new ModuleAccess(window.sessionStorage);
    const listener = vi.fn();
    access.subscribe(listener);
    access.markUnavailable('13f_holdings');
    access.markUnavailable('13f_holdings');
    expect(listener).toHaveBeenCalledTimes(1);
    expect([...new ModuleAccess(window.sessionStorage).refused]).toEqual(['13f_holdings']);
  });

  it('reads a refused 13F aggregate (the views across managers) as refused 13F holdings', () => {
    const access = new ModuleAccess(window.sessionStorage);
    access.markUnavailable('13f_filer_quarters');
    access.markUnavailable('13f_security_quarters');
    expect([...access.refused]).toEqual(['13f_holdings']);
  });

  it('forgets every refusal at sign-out', () => {
    const access = new ModuleAccess(window.sessionStorage);
    access.markUnavailable('updates');
    access.clear();
    expect(access.refused.size).toBe(0);
    expect(new ModuleAccess(window.sessionStorage).refused.size).toBe(0);
  });

  it('ignores a stored value it cannot read', () => {
    window.sessionStorage.setItem('marketplace.refused-modules', '{"not":"a list"}');
    expect(new ModuleAccess(window.sessionStorage).refused.size).toBe(0);
  });
});
