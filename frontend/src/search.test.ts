import { describe, expect, it } from 'vitest';
import { safeRedirect } from './features/auth/redirect';
import { adminLoginSearch, adminSearch, alertsSearch, appHomeSearch, appMapSearch, authSearch, bookSearch, homeSearch, ticketsSearch } from './search';

describe('the return path after sign-in', () => {
  it('accepts paths of this site only', () => {
    expect(safeRedirect('/app/history')).toBe('/app/history');
    expect(safeRedirect('/app?overlay=nfc')).toBe('/app?overlay=nfc');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'app', '', 42, undefined, '/app\r\nx']) {
      expect(safeRedirect(bad), String(bad)).toBeUndefined();
      expect(homeSearch.parse({ redirect: bad }), String(bad)).toEqual({});
    }
    expect(homeSearch.parse({ redirect: '/app/profile' })).toEqual({ redirect: '/app/profile' });
  });

  it('the admin login returns to console pages only', () => {
    expect(adminLoginSearch.parse({ redirect: '/admin?tab=users' })).toEqual({ redirect: '/admin?tab=users' });
    expect(adminLoginSearch.parse({ redirect: '/admin' })).toEqual({ redirect: '/admin' });
    for (const bad of ['/app', '/administrator', '//admin', 'https://x/admin']) expect(adminLoginSearch.parse({ redirect: bad }), bad).toEqual({});
  });
});

describe('search params', () => {
  it('keep the valid values and drop the rest, never throwing', () => {
    expect(authSearch.parse({ redirect: '//x', email: 'a@b.c', other: 1 })).toEqual({ email: 'a@b.c' });
    expect(authSearch.parse({ email: 'x'.repeat(255) })).toEqual({});
    expect(adminSearch.parse({ tab: 'users', user: 'u-1' })).toEqual({ tab: 'users', user: 'u-1' });
    expect(adminSearch.parse({ tab: 'nope', user: 7 })).toEqual({});
    expect(appHomeSearch.parse({ overlay: 'topup' })).toEqual({ overlay: 'topup' });
    expect(appHomeSearch.parse({ overlay: 'pay' })).toEqual({});
    expect(appMapSearch.parse({ machine: '' })).toEqual({});
    expect(appMapSearch.parse({ machine: 'm-1' })).toEqual({ machine: 'm-1' });
  });

  it('validate the tickets view and station, the alerts date range and the book\'s day as real days', () => {
    expect(ticketsSearch.parse({ view: 'mine', station: 'HRL-00001' })).toEqual({ view: 'mine', station: 'HRL-00001' });
    expect(ticketsSearch.parse({ view: 'everything', station: '' })).toEqual({});
    expect(alertsSearch.parse({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(alertsSearch.parse({ from: '2026-02-30', to: 'yesterday' })).toEqual({});
    expect(bookSearch.parse({ date: '2024-04-10' })).toEqual({ date: '2024-04-10' });
    for (const bad of ['2024-02-30', '10-04-2024', 20240410]) expect(bookSearch.parse({ date: bad }), String(bad)).toEqual({});
  });
});
