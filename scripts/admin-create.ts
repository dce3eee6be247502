/**
 * npm run admin:create -- --email E --password P [--name N] [--promote]
 * Creates an admin account. With --promote, an existing account with that e-mail becomes admin.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '#common/limits.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';
import { createAccount } from '#server/features/users/create-account.public.ts';
import { getUserByEmail, updateUserActive, updateUserRole } from '#server/features/users/users.public.ts';
import { openServices } from '#server/runtime.ts';

const usage =
  'Usage: npm run admin:create -- --email you@example.org --password <password> [--name "Full Name"] [--promote]';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      promote: { type: 'boolean', default: false },
    },
  });
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) throw new UsageError(`--email must be an e-mail address. ${usage}`);
  const config = loadConfig();
  const { context, database } = await openServices(config, {
    info: () => {},
    warn: () => {},
    error: () => {},
  });
  try {
    const existing = await getUserByEmail(context.db, email.data);
    if (existing) {
      if (!values.promote) {
        throw new UsageError(
          `An account with ${email.data} already exists (role ${existing.role}). Add --promote to make it an admin.`,
        );
      }
      await updateUserRole(context.db, existing.id, 'admin');
      await updateUserActive(context.db, existing.id, true);
      console.log(`${email.data} is now an admin (${existing.display_id}).`);
      return;
    }
    if (!values.password || values.password.length < MIN_PASSWORD_LENGTH) {
      throw new UsageError(`--password must be at least ${MIN_PASSWORD_LENGTH} characters. ${usage}`);
    }
    const user = await createAccount(context.db, context.auth, {
      email: email.data,
      password: values.password,
      fullName: values.name ?? 'Admin',
      role: 'admin',
    });
    console.log(`Created admin ${user.email} (${user.display_id}). Sign in at ${config.publicUrl}/login`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof LockedError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
