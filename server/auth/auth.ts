import { isStaff } from '#common/permissions.ts';
import { logActivity } from '#server/features/activity/activity.public.ts';
import { activityNameOf, getUser, updateUserSignedIn } from '#server/features/users/users.public.ts';
import { toActor } from './actor.ts';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { betterAuth } from 'better-auth';
import { ACCOUNT_DEACTIVATED_CODE } from '#common/api/shared.ts';
import { MIN_PASSWORD_LENGTH } from '#common/limits.ts';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '#common/texts.ts';
import type { Db } from '../db/database.ts';
import { publishSessionEnded } from './account-events.ts';
import { recordSignIn, slowSignIn } from './account-lockout.ts';
import { confirmEmailOf, deleteResetTokensOf } from './auth.repository.ts';
import { confirmationMail, registrationAttemptMail } from './auth-mails.ts';
import { queueMail } from '../mail/mail-job.ts';
import type { Mail } from '../mail/mailer.ts';

export interface AuthOptions {
  db: Db;
  publicUrl: string;
  secret: string;
  /** Other origins the browser may post from (the same server reached as localhost/127.0.0.1). */
  extraOrigins: string[];
  /** Starts the job queue on the mail just queued (mail is sent by jobs, never in a request). */
  wakeJobs: () => void;
}

/** The header our HTTP bridge sets to the client address Fastify determined; clients cannot set it. */
export const CLIENT_IP_HEADER = 'x-archive-client-ip';

/** How long a confirmation link works (a reset link: one hour). */
const CONFIRMATION_LINK_HOURS = 24;

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };

/**
 * better-auth on our own tables (see the initial migration). Role and is_active are our columns,
 * not better-auth's: registration cannot set them (the database default is role 'public'), and
 * they change only through the users service, which enforces the permission table.
 */
export function createAuth(options: AuthOptions) {
  const { db } = options;
  const sendLater = async (mail: Mail) => {
    await queueMail(db, mail);
    options.wakeJobs();
  };
  return betterAuth({
    appName: 'Archive',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [new URL(options.publicUrl).origin, ...options.extraOrigins],
    database: { db, type: 'postgres' },
    telemetry: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.publicUrl.startsWith('https:'),
    },
    user: {
      modelName: 'users',
      fields: { name: 'full_name', emailVerified: 'email_verified', ...timestamps },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        ...timestamps,
      },
      // No cookie cache: a deactivated account's sessions must stop working at once.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...timestamps } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      fields: { lastRequest: 'last_request' },
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 3600, max: 10 },
        '/request-password-reset': { window: 3600, max: 5 },
        '/reset-password': { window: 3600, max: 10 },
        '/send-verification-email': { window: 3600, max: 5 },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Registration never says whether an address has an account (issue 30 B9): with this off,
      // better-auth signs nobody in at sign-up and answers an address that has an account exactly
      // as a new one ({ token: null, user }, no cookie), hashing the password either way. The new
      // address gets a confirmation link (emailVerification.sendOnSignUp), the existing account's
      // owner a mail saying someone tried (onExistingUserSignUp); both are jobs, so neither answer
      // waits for mail. Signing in needs the confirmation: see session.create below (the
      // library's own `requireEmailVerification` would answer 403 EMAIL_NOT_VERIFIED there).
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        await sendLater(registrationAttemptMail(user, options.publicUrl));
      },
      // The answer for an existing address mirrors a new account's: the image is dropped there
      // too (databaseHooks below), or sending one would tell the two apart.
      customSyntheticUser: ({ coreFields, id }) => ({ ...coreFields, image: null, id }),
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      // A link asked for earlier must not set the password again after a newer one was used: the
      // reset ends them all (an old mail may sit in a shared or leaked mailbox). And the link came
      // to the address, so using it confirms the address: an account whose confirmation mail was
      // lost, or one someone else registered with this address (with a password of their own),
      // is taken over by the address's owner this way.
      async onPasswordReset({ user }) {
        await deleteResetTokensOf(db, user.id);
        await confirmEmailOf(db, user.id);
      },
      async sendResetPassword({ user, url }) {
        await sendLater({
          to: user.email,
          subject: 'Nýtt loyniorð / Reset your password',
          text: [
            `Hey ${user.name || ''}`.trim(),
            '',
            'Tú (ella onkur annar) hevur biðið um nýtt loyniorð til kontuna í savninum.',
            'Someone asked to reset the password of your archive account. Open this link to choose a new one:',
            '',
            url,
            '',
            'The link is valid for one hour. If it was not you, ignore this message.',
          ].join('\n'),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link signs its owner in (once: a second use finds the address confirmed and signs
      // nobody in; auth.routes.ts sends each outcome to its page).
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_LINK_HOURS * 3600,
      async sendVerificationEmail({ user, url }) {
        await sendLater(confirmationMail(user, url, CONFIRMATION_LINK_HOURS));
      },
    },
    // In the library's own pipeline, so every way in (the JSON API, the server-drawn forms that
    // call auth.api) is slowed alike.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const attempt = signInAttemptOf(ctx);
        if (attempt) await slowSignIn(db, attempt.email, attempt.ip);
      }),
      after: createAuthMiddleware(async (ctx) => {
        const attempt = signInAttemptOf(ctx);
        if (!attempt) return;
        const returned = ctx.context.returned;
        const status = isAPIError(returned) ? returned.statusCode : 200;
        // 403: a deactivated account, refused after its right password.
        if (status === 200 || status === 403 || status === 401) {
          await recordSignIn(db, attempt.email, attempt.ip, status !== 401);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The app shows no account pictures; a value sent at registration (a `javascript:` URL
          // included) is never kept (issue 30 B10).
          async before(user) {
            return { data: { ...user, image: null } };
          },
        },
      },
      session: {
        // Sign-out and the revocation of a password reset both come through here.
        delete: {
          async after(session) {
            publishSessionEnded(session.id);
          },
        },
        create: {
          // Runs after the password was checked: a deactivated account learns it is deactivated,
          // never whether a wrong password was close.
          async before(session) {
            const user = await getUser(db, session.userId);
            // The right password of an account whose address is not confirmed yet answers as a
            // wrong one (and the lockout counts it as one): anyone can register any address with
            // a password of their choosing, so any other answer here would tell which addresses
            // were new (issue 30 B9). The contributor sign-in page tells everyone that a new
            // address is confirmed first, and offers the link again (resend-confirmation-form.tsx).
            // The confirmation link itself confirms before it makes its session.
            if (user && !user.email_verified) {
              throw new APIError('UNAUTHORIZED', {
                message: 'Invalid email or password',
                code: 'INVALID_EMAIL_OR_PASSWORD',
              });
            }
            if (user && !user.is_active) {
              throw new APIError('FORBIDDEN', {
                code: ACCOUNT_DEACTIVATED_CODE,
                message: ACCOUNT_DEACTIVATED_MESSAGE,
              });
            }
          },
          async after(session) {
            const user = await updateUserSignedIn(db, session.userId);
            // Staff sign-ins are part of the activity log (who worked on the archive, and when).
            if (user && isStaff(toActor(user))) {
              await logActivity(db, user, 'account.signed_in', {
                id: user.id,
                name: activityNameOf(user),
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account and client address of a password sign-in (undefined for any other call). */
function signInAttemptOf(ctx: HookContext): { email: string; ip: string } | undefined {
  if (ctx.path !== '/sign-in/email') return undefined;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.trim() === '') return undefined;
  const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
  return { email, ip };
}
