/** What other features may use of auth (web/README.md, "Between features"): the signed-in account. */
export { ME_QUERY_KEY, toActor, useMe } from './api/get-me.ts';
