import { describe, expect, it } from 'vitest';
import { languageOf, languageOfTag } from './language';

describe('languageOf (Accept-Language)', () => {
  it('picks Indonesian when it is preferred, by order or by q-value', () => {
    expect(languageOf('id')).toBe('id');
    expect(languageOf('id-ID')).toBe('id');
    expect(languageOf('id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('id');
    expect(languageOf('en;q=0.5, id;q=0.8')).toBe('id');
    expect(languageOf('fr, id;q=0.6, en;q=0.4')).toBe('id');
    expect(languageOf('in')).toBe('id');
  });
  it('answers English when English is preferred or Indonesian is refused', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-GB,en;q=0.9,id;q=0.8')).toBe('en');
    expect(languageOf('id;q=0.3, en;q=0.9')).toBe('en');
    expect(languageOf('id;q=0')).toBe('en');
    // Equal weights: the first listed.
    expect(languageOf('en, id')).toBe('en');
    expect(languageOf('id, en')).toBe('id');
  });
  it('answers English for *, a missing header and garbage', () => {
    expect(languageOf('*')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf(null)).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf(';;,,q=1;id')).toBe('en');
    expect(languageOf('id;q=banana')).toBe('en');
    expect(languageOf('de-DE, fr;q=0.9')).toBe('en');
    expect(languageOf('indonesian')).toBe('en');
  });
  it('reads a tag by its primary subtag', () => {
    expect(languageOfTag('ID-id')).toBe('id');
    expect(languageOfTag('en-AU')).toBe('en');
    expect(languageOfTag('es')).toBeNull();
  });
});
