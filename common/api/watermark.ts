import { z } from 'zod';
import {
  OPACITY_MAX,
  OPACITY_MIN,
  OPACITY_STEP,
  WATERMARK_LEVELS,
  WATERMARK_POSITIONS,
  WATERMARK_SIZES,
  WATERMARK_TEXT_MAX_LENGTH,
  WATERMARK_TYPES,
} from '../watermark.ts';

/**
 * The watermark settings screen's requests and answers (admin-back-office.md §2 Watermark
 * settings, §5 Watermark). Plain values live in common/watermark.ts (zod-free).
 */

/** The types the admin form offers (§5); the renderer also knows pattern, diagonal and tiled. */
export const WATERMARK_FORM_TYPES = ['none', 'text', 'logo_text', 'stamp'] as const;

export const WATERMARK_MESSAGES = {
  type: 'Choose one of the offered watermark types.',
  position: 'Choose one of the offered positions.',
  size: 'Choose small, medium or large.',
  level: 'Choose none, light, medium or heavy.',
  opacity: `Opacity must be between ${OPACITY_MIN} and ${OPACITY_MAX} in steps of ${OPACITY_STEP}.`,
  textRequired: 'Watermark text is required for this type.',
  textTooLong: `Watermark text can be at most ${WATERMARK_TEXT_MAX_LENGTH} characters.`,
  saveFailed: 'Failed to save watermark settings. Please try again.',
} as const;

const opacity = z.coerce
  .number({ error: WATERMARK_MESSAGES.opacity })
  .int(WATERMARK_MESSAGES.opacity)
  .min(OPACITY_MIN, WATERMARK_MESSAGES.opacity)
  .max(OPACITY_MAX, WATERMARK_MESSAGES.opacity)
  .refine((value) => value % OPACITY_STEP === 0, WATERMARK_MESSAGES.opacity);

/**
 * The six watermark keys as the form sends them (PUT, and the preview's query). Text is trimmed;
 * every type the form offers except none draws the text, so it is required for them.
 */
export const watermarkSettingsBody = z
  .object({
    type: z.enum(WATERMARK_FORM_TYPES, { error: WATERMARK_MESSAGES.type }),
    position: z.enum(WATERMARK_POSITIONS, { error: WATERMARK_MESSAGES.position }),
    opacity,
    size: z.enum(WATERMARK_SIZES, { error: WATERMARK_MESSAGES.size }),
    level: z.enum(WATERMARK_LEVELS, { error: WATERMARK_MESSAGES.level }),
    text: z
      .string()
      .trim()
      .refine((text) => [...text].length <= WATERMARK_TEXT_MAX_LENGTH, WATERMARK_MESSAGES.textTooLong)
      .refine((text) => !/\p{Cc}/u.test(text), 'Watermark text cannot contain control characters.'),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'none' && value.text === '') {
      ctx.addIssue({ code: 'custom', path: ['text'], message: WATERMARK_MESSAGES.textRequired });
    }
  });
export type WatermarkSettingsBody = z.input<typeof watermarkSettingsBody>;

/** GET/PUT /api/admin/watermark: the settings in force (defaults for any not set). */
export const watermarkSettingsResponse = z.object({
  settings: z.object({
    type: z.enum(WATERMARK_TYPES),
    position: z.enum(WATERMARK_POSITIONS),
    opacity: z.number().int(),
    size: z.enum(WATERMARK_SIZES),
    level: z.enum(WATERMARK_LEVELS),
    text: z.string(),
  }),
});
export type WatermarkSettingsResponse = z.infer<typeof watermarkSettingsResponse>;

/** The preview is the spec's 400×300 canvas, drawn by the server's own renderer. */
export const WATERMARK_PREVIEW_SIZE = { width: 400, height: 300 } as const;
