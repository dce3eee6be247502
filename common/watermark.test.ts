import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WATERMARK,
  DEFAULT_WATERMARK_TEXT,
  fontSizeFor,
  isWatermarkActive,
  normalizeWatermarkSettings,
  WATERMARK_TEXT_MAX_LENGTH,
} from './watermark.ts';

describe('fontSizeFor', () => {
  it('uses 2%, 4% and 6% of the shorter side', () => {
    expect(fontSizeFor('small', 4000, 3000)).toBe(60);
    expect(fontSizeFor('medium', 4000, 3000)).toBe(120);
    expect(fontSizeFor('large', 4000, 3000)).toBe(180);
    expect(fontSizeFor('medium', 3000, 4000)).toBe(120);
    expect(fontSizeFor('medium', 1600, 1067)).toBe(43);
  });
  it('never goes below the minimums 12, 16 and 24', () => {
    expect(fontSizeFor('small', 100, 100)).toBe(12);
    expect(fontSizeFor('medium', 100, 100)).toBe(16);
    expect(fontSizeFor('large', 100, 100)).toBe(24);
    expect(fontSizeFor('small', 400, 300)).toBe(12);
    expect(fontSizeFor('medium', 400, 300)).toBe(16);
    expect(fontSizeFor('large', 400, 300)).toBe(24);
    expect(fontSizeFor('large', 500, 1000)).toBe(30);
  });
});

describe('isWatermarkActive', () => {
  it("is off for type 'none' and for level 'none', on otherwise", () => {
    expect(isWatermarkActive(DEFAULT_WATERMARK)).toBe(true);
    expect(isWatermarkActive({ ...DEFAULT_WATERMARK, type: 'none' })).toBe(false);
    expect(isWatermarkActive({ ...DEFAULT_WATERMARK, level: 'none' })).toBe(false);
    expect(isWatermarkActive({ ...DEFAULT_WATERMARK, type: 'tiled', level: 'light' })).toBe(true);
  });
});

describe('normalizeWatermarkSettings', () => {
  it('gives the spec defaults for nothing stored', () => {
    expect(normalizeWatermarkSettings({})).toEqual({
      type: 'logo_text',
      position: 'bottom_right',
      opacity: 70,
      size: 'medium',
      level: 'medium',
      text: 'Myndasavn',
    });
    expect(DEFAULT_WATERMARK_TEXT).toBe('Myndasavn');
  });

  it('reads stored site_settings values', () => {
    expect(
      normalizeWatermarkSettings({
        watermark_type: 'stamp',
        watermark_position: 'top_left',
        watermark_opacity: '40',
        watermark_size: 'large',
        watermark_level: 'heavy',
        watermark_text: '  Tórshavnar kommuna  ',
      }),
    ).toEqual({
      type: 'stamp',
      position: 'top_left',
      opacity: 40,
      size: 'large',
      level: 'heavy',
      text: 'Tórshavnar kommuna',
    });
  });

  it('replaces each invalid value by its default and keeps the valid ones', () => {
    const settings = normalizeWatermarkSettings({
      watermark_type: 'LOGO',
      watermark_position: 42,
      watermark_opacity: 'seventy',
      watermark_size: null,
      watermark_level: ['heavy'],
      watermark_text: { text: 'x' },
      unrelated: 'ignored',
    });
    expect(settings).toEqual(DEFAULT_WATERMARK);
    expect(normalizeWatermarkSettings({ watermark_type: 'tiled', watermark_size: 'huge' })).toEqual({
      ...DEFAULT_WATERMARK,
      type: 'tiled',
    });
  });

  it('clamps opacity to 10..100 and rounds it to the step of 10', () => {
    const opacity = (value: unknown) => normalizeWatermarkSettings({ watermark_opacity: value }).opacity;
    expect(opacity('70')).toBe(70);
    expect(opacity(70)).toBe(70);
    expect(opacity('44')).toBe(40);
    expect(opacity(45)).toBe(50);
    expect(opacity('0')).toBe(10);
    expect(opacity(-30)).toBe(10);
    expect(opacity('250')).toBe(100);
    expect(opacity('')).toBe(70);
    expect(opacity('  ')).toBe(70);
    expect(opacity(Number.NaN)).toBe(70);
    expect(opacity(Number.POSITIVE_INFINITY)).toBe(70);
    expect(opacity(true)).toBe(70);
  });

  it('uses the default text for empty text and keeps the text one short line', () => {
    const text = (value: unknown) => normalizeWatermarkSettings({ watermark_text: value }).text;
    expect(text('')).toBe(DEFAULT_WATERMARK_TEXT);
    expect(text(' \n\t ')).toBe(DEFAULT_WATERMARK_TEXT);
    expect(text('\u0000\u0007')).toBe(DEFAULT_WATERMARK_TEXT);
    expect(text('Line one\nline\u0000two')).toBe('Line one line two');
    expect(text('a'.repeat(500))).toHaveLength(WATERMARK_TEXT_MAX_LENGTH);
    expect(text('</text><script>')).toBe('</text><script>');
  });
});
