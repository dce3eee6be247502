import { type Action, type Actor, can, type Resource } from '#common/permissions.ts';
import { forbidden, unauthorized } from '../errors.ts';

/** Services call this before they act: 401 for a visitor, 403 for an account without the right. */
export function authorize(
  actor: Actor,
  action: Action,
  resource?: Resource,
): asserts actor is NonNullable<Actor> {
  if (can(actor, action, resource)) return;
  throw actor ? forbidden() : unauthorized();
}
