import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlText } from './oai-xml.ts';

/** The escaping as it was written first: every rule a pass of its own over the whole text. */
const slowXmlText = (value: string) =>
  value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

describe('xmlText', () => {
  it('escapes the five markup characters and drops what XML 1.0 cannot carry', () => {
    expect(xmlText(`Tórshavn & "Havnin" <1950's>`)).toBe(
      'Tórshavn &amp; &quot;Havnin&quot; &lt;1950&apos;s&gt;',
    );
    expect(xmlText('a\u0000b\u0008c\td\ne\rf\uFFFEg\uFFFFh\uD800i\uDC00j😀')).toBe('abc\td\ne\rfghij😀');
    expect(xmlText('Bryggjan 123')).toBe('Bryggjan 123');
  });

  it('answers exactly as the pass-by-pass escaping for any text (the fast path changes no byte)', () => {
    const texts = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.constantFrom('a', 'ø', '&', '<', '>', '"', "'", '\u0000', '\uFFFE', '\uD800', '😀', '\t'),
      }),
    );
    fc.assert(
      fc.property(texts, (text) => xmlText(text) === slowXmlText(text)),
      { numRuns: 1000 },
    );
  });
});
