import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { preferences } from './account.ts';
import { optionalText } from './shared.ts';

/** The own profile page (admin-back-office.md §2 Profile page). */

export const ownProfile = z.object({
  id: z.uuid(),
  displayId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  emailConfirmed: z.boolean(),
  preferences,
});
export type OwnProfile = z.infer<typeof ownProfile>;
export const ownProfileResponse = z.object({ profile: ownProfile });
/** Only the name is edited on the profile page: trimmed, empty becomes null. */
export const updateOwnProfileBody = z.object({ fullName: optionalText(200) }).strict();
