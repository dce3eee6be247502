/**
 * What the rest of the server may use of the accounts besides the users service (server/README.md,
 * "Between features"): the session's and sign-in's lookups (http/session.ts, auth/), the first
 * admin at start and from the command line (main.ts, scripts/), and the staff to notify. Making an
 * account is create-account.public.ts (apart: it needs better-auth, which imports this file).
 */
export {
  getUser,
  getUserByEmail,
  hasAdmin,
  listStaffNotifiedOfSubmissions,
  mergeUserPreferences,
  updateUserActive,
  updateUserRole,
  updateUserSignedIn,
} from './users.repository.ts';
export { activityNameOf, presentMe } from './users.presenter.ts';
