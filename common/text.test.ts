import { describe, expect, it } from 'vitest';
import { findNul } from './text.ts';

describe('findNul', () => {
  it('finds a NUL at any depth and names its path', () => {
    expect(findNul('a\0b')).toBe('');
    expect(findNul({ q: 'a\0b' })).toBe('q');
    expect(findNul({ keywords: ['ok', 'x\0'] })).toBe('keywords.1');
    expect(findNul({ watermark: { text: 'é\u0000' } })).toBe('watermark.text');
    expect(findNul(Object.fromEntries([['k\0', 'v']]))).toBe('k\0');
  });

  it('passes everything else, other control characters and numbers included', () => {
    expect(findNul({ title: 'Gøta\n\tú\u0001r lofti 🏘️', n: 0, ok: true, none: null })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
    expect(findNul([])).toBeUndefined();
  });

  it('walks a body nested 500,000 deep without running out of stack', () => {
    let deep: unknown = 'end\0';
    for (let i = 0; i < 500_000; i++) deep = [deep];
    expect(findNul({ title: deep })).toBe(`title${'.0'.repeat(500_000)}`);
    expect(findNul({ title: [[['ok']]], other: { k: ['x', 'y\0'] } })).toBe('other.k.1');
  });
});
