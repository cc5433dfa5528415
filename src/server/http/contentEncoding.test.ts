import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './contentEncoding';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
  ] as const)('answers %j with %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('keeps to what is offered', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});
