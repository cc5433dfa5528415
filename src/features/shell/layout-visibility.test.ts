import { describe, expect, it } from 'vitest';
import { isAuthPage, layoutVisibility } from './layout-visibility';

describe('layoutVisibility', () => {
  it('shows everything on an ordinary page', () => {
    expect(layoutVisibility('/control-room')).toEqual({ menu: true, header: true, sidebar: true });
    expect(layoutVisibility('/')).toEqual({ menu: true, header: true, sidebar: true });
  });

  it.each(['/login', '/logout', '/logged-out'])('hides the menu, header and sidebar on %s', (path) => {
    expect(layoutVisibility(path)).toEqual({ menu: false, header: false, sidebar: false });
  });

  it('hides only the menu on a dashboards sub-route', () => {
    expect(layoutVisibility('/dashboards/42')).toEqual({ menu: false, header: true, sidebar: true });
    expect(layoutVisibility('/dashboards')).toEqual({ menu: true, header: true, sidebar: true });
  });

  it('hides the menu, header and sidebar on the leadership dashboard', () => {
    expect(layoutVisibility('/dashboard/leadership')).toEqual({ menu: false, header: false, sidebar: false });
    expect(layoutVisibility('/dashboard/leadership/9')).toEqual({ menu: false, header: false, sidebar: false });
    expect(layoutVisibility('/dashboard/operations')).toEqual({ menu: true, header: true, sidebar: true });
  });

  it('hides the sidebar on the parser config builder', () => {
    expect(layoutVisibility('/parser-config-builder')).toEqual({ menu: true, header: true, sidebar: false });
  });
});

describe('isAuthPage', () => {
  it('recognises the sign-in pages only', () => {
    expect(isAuthPage('/login')).toBe(true);
    expect(isAuthPage('/logged-out')).toBe(true);
    expect(isAuthPage('/login-help')).toBe(false);
  });
});
