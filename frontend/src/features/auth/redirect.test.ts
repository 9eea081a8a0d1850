import { describe, expect, it } from 'vitest';
import { safeRedirect, validateAuthSearch } from './redirect';

describe('sign-in redirect', () => {
  it('accepts paths of this site only', () => {
    expect(safeRedirect('/app/history')).toBe('/app/history');
    expect(safeRedirect('/app?overlay=nfc')).toBe('/app?overlay=nfc');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'app', '', 42, undefined, '/app\r\nx']) {
      expect(safeRedirect(bad), String(bad)).toBeUndefined();
    }
  });
  it('keeps only valid search params', () => {
    expect(validateAuthSearch({ redirect: '//x', email: 'a@b.c', other: 1 })).toEqual({ email: 'a@b.c' });
  });
});
