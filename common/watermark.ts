/**
 * Watermark settings and the spec's constants (public-site §9, admin-back-office §4, §5).
 * The server renders with these; the admin form offers the same options and limits.
 */
import { WATERMARK_LEVELS, WATERMARK_POSITIONS, WATERMARK_SIZES, WATERMARK_TYPES } from './enums.ts';

export { WATERMARK_LEVELS, WATERMARK_POSITIONS, WATERMARK_SIZES, WATERMARK_TYPES };

export type WatermarkType = (typeof WATERMARK_TYPES)[number];
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export type WatermarkSize = (typeof WATERMARK_SIZES)[number];
export type WatermarkLevel = (typeof WATERMARK_LEVELS)[number];

export interface WatermarkSettings {
  type: WatermarkType;
  position: WatermarkPosition;
  /** Percent, OPACITY_MIN..OPACITY_MAX in steps of OPACITY_STEP. */
  opacity: number;
  size: WatermarkSize;
  level: WatermarkLevel;
  text: string;
}

/** The spec's default is "the archive's default title"; ours is the site title. */
export const DEFAULT_WATERMARK_TEXT = 'Myndasavn';

export const DEFAULT_WATERMARK: WatermarkSettings = {
  type: 'logo_text',
  position: 'bottom_right',
  opacity: 70,
  size: 'medium',
  level: 'medium',
  text: DEFAULT_WATERMARK_TEXT,
};

export const WATERMARK_MARGIN_PX = 20;
export const OPACITY_MIN = 10;
export const OPACITY_MAX = 100;
export const OPACITY_STEP = 10;
/** Not in the spec: longer text cannot fit a corner of a display-size image legibly. */
export const WATERMARK_TEXT_MAX_LENGTH = 100;

/** Font size as a share of the shorter image side, with a floor so small images stay legible. */
export const FONT_SIZE = {
  small: { ratio: 0.02, min: 12 },
  medium: { ratio: 0.04, min: 16 },
  large: { ratio: 0.06, min: 24 },
} as const satisfies Record<WatermarkSize, { ratio: number; min: number }>;

/** Spacing in px between repetitions and the alpha of the pattern type, by level. */
export const PATTERN_LEVELS = {
  heavy: { spacing: 150, alpha: 0.3 },
  medium: { spacing: 200, alpha: 0.2 },
  light: { spacing: 300, alpha: 0.1 },
} as const satisfies Record<Exclude<WatermarkLevel, 'none'>, { spacing: number; alpha: number }>;

export const TILED = { spacing: 100, alpha: 0.1 } as const;

export function fontSizeFor(size: WatermarkSize, width: number, height: number): number {
  const { ratio, min } = FONT_SIZE[size];
  return Math.max(min, Math.round(ratio * Math.min(width, height)));
}

/** Level 'none' disables the watermark for every type (spec §9), not only for pattern. */
export function isWatermarkActive(settings: WatermarkSettings): boolean {
  return settings.type !== 'none' && settings.level !== 'none';
}

/**
 * Settings as stored (site_settings rows or media_items columns, keys watermark_*) to valid
 * settings. Anything missing or invalid falls back to the default, because a failed or partial
 * load must still watermark with the defaults (spec: "Watermark settings load failure: defaults used").
 */
export function normalizeWatermarkSettings(stored: Record<string, unknown>): WatermarkSettings {
  return {
    type: oneOf(WATERMARK_TYPES, stored.watermark_type, DEFAULT_WATERMARK.type),
    position: oneOf(WATERMARK_POSITIONS, stored.watermark_position, DEFAULT_WATERMARK.position),
    opacity: normalizeOpacity(stored.watermark_opacity),
    size: oneOf(WATERMARK_SIZES, stored.watermark_size, DEFAULT_WATERMARK.size),
    level: oneOf(WATERMARK_LEVELS, stored.watermark_level, DEFAULT_WATERMARK.level),
    text: normalizeText(stored.watermark_text),
  };
}

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  const candidate = typeof value === 'string' ? value.trim() : value;
  return options.find((option) => option === candidate) ?? fallback;
}

function normalizeOpacity(value: unknown): number {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(parsed)) return DEFAULT_WATERMARK.opacity;
  const stepped = Math.round(parsed / OPACITY_STEP) * OPACITY_STEP;
  return Math.min(OPACITY_MAX, Math.max(OPACITY_MIN, stepped));
}

function normalizeText(value: unknown): string {
  if (typeof value !== 'string') return DEFAULT_WATERMARK_TEXT;
  // Control characters cannot appear in the rendered SVG, and line breaks are not laid out.
  const text = value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  const capped = [...text].slice(0, WATERMARK_TEXT_MAX_LENGTH).join('').trimEnd();
  return capped === '' ? DEFAULT_WATERMARK_TEXT : capped;
}
