import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits.ts';
import { listQuery, listResponse } from '../list.ts';
import { ROLES } from '../roles.ts';
import { me } from './account.ts';
import { optionalText } from './shared.ts';

/** The users screen (admin-back-office.md §2 Users, §3 profiles / users, §5). */

export const setUserActiveBody = z.object({ isActive: z.boolean() });
export const setUserActiveResponse = z.object({ id: z.string().uuid(), isActive: z.boolean() });

/** The spec's words for a missing required field of Create User (admin-back-office.md §5). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
const required = z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, REQUIRED_FIELDS_MESSAGE);

/** Create User (admin-back-office.md §5): email, password and role required; role defaults to editor. */
export const createUserBody = z.object({
  email: required.max(254).pipe(z.email('Please enter a valid email address')),
  password: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long')
    .max(200),
  role: z.enum(ROLES).default('editor'),
  fullName: optionalText(200),
});
export const userResponse = z.object({ user: me });

/** A row of the users screen (admin-back-office.md §3 profiles / users). */
export const adminUser = z.object({
  id: z.uuid(),
  displayId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  isPublicProfile: z.boolean(),
  isActive: z.boolean(),
  totalUploads: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  emailConfirmed: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const USER_SORTS = ['newest', 'oldest', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** Search matches name, email or display id (admin-back-office.md §5); `staff` = admin, editor, viewer. */
export const userListQuery = listQuery(USER_SORTS, {
  role: z.enum([...ROLES, 'staff']).optional(),
});
export const userListResponse = listResponse(adminUser);

/** The header of the users screen. */
export const userStatsResponse = z.object({
  totalUsers: z.number().int().nonnegative(),
  staff: z.number().int().nonnegative(),
  contributors: z.number().int().nonnegative(),
  totalUploads: z.number().int().nonnegative(),
});
export type UserStats = z.infer<typeof userStatsResponse>;

/** Edit User: full_name and bio trimmed, empty becomes null; email is not changeable. */
export const updateUserBody = z
  .object({
    fullName: optionalText(200),
    bio: optionalText(2000),
    role: z.enum(ROLES).optional(),
    isPublicProfile: z.boolean().optional(),
  })
  .strict();
export const adminUserResponse = z.object({ user: adminUser });

/** Sync Users: how many profiles were created and repaired. */
export const syncUsersResponse = z.object({
  createdProfiles: z.number().int().nonnegative(),
  repairedProfiles: z.number().int().nonnegative(),
  withoutPassword: z.number().int().nonnegative(),
});
export type SyncUsersResult = z.infer<typeof syncUsersResponse>;

export const passwordResetSentResponse = z.object({ sent: z.literal(true), email: z.string() });
