import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, safeLinkUrl } from './safe-url.ts';

describe('isSafeLinkUrl', () => {
  it('accepts absolute http and https URLs', () => {
    for (const url of [
      'https://example.org/files/skra.pdf',
      'http://example.org',
      'HTTPS://EXAMPLE.ORG/A?b=1#c',
      'https://user@example.org:8443/path',
      'https://example.org/my file.pdf',
      '  https://example.org/padded.pdf  ',
    ]) {
      expect(isSafeLinkUrl(url), url).toBe(true);
    }
  });

  it('accepts paths on this site (one leading slash)', () => {
    for (const url of ['/', '/files/documents/abc/skra.pdf', '/about?x=1#y', '/a//b', ' /files/x.pdf ']) {
      expect(isSafeLinkUrl(url), url).toBe(true);
    }
  });

  it('refuses script, data and every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:application/pdf;base64,JVBERi0=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.org/x.pdf',
      'mailto:someone@example.org',
      'blob:https://example.org/uuid',
    ]) {
      expect(isSafeLinkUrl(url), url).toBe(false);
    }
  });

  it('refuses other sites in disguise and malformed URLs', () => {
    for (const url of [
      '//evil.example',
      '//evil.example/files/x.pdf',
      ' //evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https:evil.example',
      'https:/evil.example',
      'https://',
      'http://[bad',
      'evil.example/x.pdf',
      'files/x.pdf',
      '?download=1',
      '#top',
    ]) {
      expect(isSafeLinkUrl(url), url).toBe(false);
    }
  });

  it('refuses empty values and non-strings', () => {
    for (const url of ['', '   ', null, undefined, 42, {}, ['https://example.org']]) {
      expect(isSafeLinkUrl(url), String(url)).toBe(false);
    }
  });
});

describe('safeLinkUrl', () => {
  it('gives the trimmed URL when it is safe, else null', () => {
    expect(safeLinkUrl('  /files/x.pdf ')).toBe('/files/x.pdf');
    expect(safeLinkUrl('https://example.org/x.pdf')).toBe('https://example.org/x.pdf');
    expect(safeLinkUrl('javascript:alert(1)')).toBe(null);
    expect(safeLinkUrl('')).toBe(null);
    expect(safeLinkUrl(undefined)).toBe(null);
  });
});
