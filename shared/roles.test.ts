import { describe, expect, it } from 'vitest';
import { landingAfterSignIn } from './roles';

describe('where a sign-in lands', () => {
  it('takes every role to its own home, and to the page it came from only inside that home', () => {
    expect(landingAfterSignIn(null, undefined)).toBe('/app');
    expect(landingAfterSignIn(null, '/app/map')).toBe('/app/map');
    expect(landingAfterSignIn('host', undefined)).toBe('/host');
    expect(landingAfterSignIn('host', '/app/map')).toBe('/host');
    expect(landingAfterSignIn('host', '/host?month=2026-10')).toBe('/host?month=2026-10');
    expect(landingAfterSignIn('host', '/hostile')).toBe('/host');
    expect(landingAfterSignIn('technician', '/app')).toBe('/admin');
    expect(landingAfterSignIn('technician', '/admin/visits')).toBe('/admin/visits');
    expect(landingAfterSignIn('admin', '/admin')).toBe('/admin');
    expect(landingAfterSignIn('admin', '/s/HRL-00001')).toBe('/admin');
  });
});
