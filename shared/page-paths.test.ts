import { describe, expect, it } from 'vitest';
import { matchPagePath, pagePathPattern } from './page-paths';

describe('page paths', () => {
  const table = { '/': 'home', '/about': 'about', '/s/$id': 'station', '/r/$receiptId': 'receipt' };

  it('finds an exact path, and a path of a pattern with its segment decoded', () => {
    expect(matchPagePath(table, '/')).toEqual({ value: 'home', params: {} });
    expect(matchPagePath(table, '/about')).toEqual({ value: 'about', params: {} });
    expect(matchPagePath(table, '/s/HRL-00001')).toEqual({ value: 'station', params: { id: 'HRL-00001' } });
    expect(matchPagePath(table, '/r/GO-1~abc%7E')).toEqual({ value: 'receipt', params: { receiptId: 'GO-1~abc~' } });
  });

  it('a pattern stands for one segment without a dot, nothing more', () => {
    for (const path of ['/about/', '/s/', '/s', '/s/HRL-00001/', '/s/a/b', '/s/qr.png', '/x/s/HRL-00001', '/s/%E0%A4%A']) expect(matchPagePath(table, path), path).toBeNull();
  });

  it('writes the RegExp the CloudFront Function and the preload script use', () => {
    expect(pagePathPattern('/s/$id')).toBe('^/s/([^/.]+)$');
    expect(new RegExp(pagePathPattern('/user-flow')).test('/user-flow')).toBe(true);
  });
});
