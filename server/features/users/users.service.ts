import type { Actor } from '../../../common/permissions.ts';
import type { Db } from '../../db/database.ts';
import { authorize } from '../../http/authorize.ts';
import { notFound } from '../../http/errors.ts';
import { createActivity } from '../activity/activity.repository.ts';
import { getUser, updateUserActive } from './users.repository.ts';

/** Activate or deactivate an account (admin only, never one's own). */
export async function setUserActive(db: Db, actor: Actor, userId: string, isActive: boolean) {
  authorize(actor, 'user:manage', { kind: 'user', id: userId });
  const user = await getUser(db, userId);
  if (!user) throw notFound('User not found');
  await updateUserActive(db, userId, isActive);
  await createActivity(db, {
    userId: actor.id,
    action: isActive ? 'user.activated' : 'user.deactivated',
    resourceType: 'user',
    resourceId: userId,
    resourceName: user.full_name || user.email,
  });
  return { id: userId, isActive };
}
