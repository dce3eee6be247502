import { z } from 'zod';
import { ROLES } from './roles.ts';

/**
 * Request and response schemas shared by the server routes and the web fetchers.
 * Authentication itself is served by better-auth under /api/auth (see server/auth/README).
 */

/** Every error the API returns has this body. */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiError>;

export const healthResponse = z.object({ status: z.literal('ok') });

/** The signed-in account as the web sees it. */
export const me = z.object({
  id: z.string().uuid(),
  displayId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof me>;
export const meResponse = z.object({ user: me.nullable() });

/** Counts shown in the home banner. */
export const gallerySummaryResponse = z.object({
  totalItems: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
});
export type GallerySummary = z.infer<typeof gallerySummaryResponse>;

export const userIdParams = z.object({ id: z.string().uuid() });
export const setUserActiveBody = z.object({ isActive: z.boolean() });
export const setUserActiveResponse = z.object({ id: z.string().uuid(), isActive: z.boolean() });

/** better-auth's error codes that the web turns into the spec's panels. */
export const ACCOUNT_DEACTIVATED_CODE = 'ACCOUNT_DEACTIVATED';
