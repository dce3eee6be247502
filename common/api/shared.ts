import { z } from 'zod';

/** What every feature's schemas share: the error body and the field helpers. */

/** The params of every route addressed by one row's id (`/:id`): the one id-param schema. */
export const idParams = z.object({ id: z.uuid() });

/** Every error the API returns has this body. */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  /** VALIDATION_ERROR only: each problem with its field's dotted path ('' for the whole body). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Figures a refusal carries for the client to say it in its own words (PLACE_IN_USE: `items`). */
  details: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});
export type ApiError = z.infer<typeof apiError>;

/** better-auth's error codes that the web turns into the spec's panels. */
export const ACCOUNT_DEACTIVATED_CODE = 'ACCOUNT_DEACTIVATED';

/** Optional texts: trimmed, and empty becomes null (admin-back-office.md §5). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

/** Comma-separated keywords: trimmed, empties dropped (admin-back-office.md §5). */
export const keywordsField = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : v.split(','))
    .map((k) => k.trim())
    .filter(Boolean)
    .slice(0, 50),
);
