import { z } from 'zod';
import { ROLES } from '../roles.ts';

/** The signed-in account (GET /api/me) and its preferences. */

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

/** Settings a staff member keeps for themself (stored in users.preferences). */
export const preferences = z.object({
  /** An e-mail when new submissions arrive (batched). */
  notifyNewSubmissions: z.boolean().default(false),
});
export const updatePreferencesBody = preferences.partial();
export const preferencesResponse = z.object({ preferences });
