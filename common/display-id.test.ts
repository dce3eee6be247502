import { describe, expect, it } from 'vitest';
import { displayIdOrFallback, normalizeDisplayIdQuery } from './display-id.ts';

describe('display IDs', () => {
  it('normalises what staff type into the ID search', () => {
    expect(normalizeDisplayIdQuery('  #photo-00123 ')).toBe('PHOTO-00123');
    expect(normalizeDisplayIdQuery('doc-00042')).toBe('DOC-00042');
  });
  it("falls back to '#' and the first 8 characters of the id, uppercased", () => {
    expect(displayIdOrFallback(null, '3f2a9c1e-aaaa-bbbb-cccc-000000000000')).toBe('#3F2A9C1E');
    expect(displayIdOrFallback('USER-00001', 'whatever')).toBe('USER-00001');
  });
});
