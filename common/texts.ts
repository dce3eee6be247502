/**
 * Texts the spec states word for word. The translation table (admin: Translations) overrides the
 * Faroese and English texts by key; these are the defaults it is seeded with.
 */
export const ACCOUNT_DEACTIVATED_MESSAGE =
  'Your account has been deactivated. Please contact an administrator for assistance. If you believe this is an error, please reach out to support.';
export const ACCOUNT_DEACTIVATED_NAME = 'AccountDeactivatedError';
