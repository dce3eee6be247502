/**
 * Every action the activity log records (admin-back-office.md §3 activity_logs), named
 * `<resource>.<verb>`. The server's logActivity() takes only these, and the web labels them from
 * the same list, so an action can never be written that the log page cannot show.
 */
export const ACTIVITY_ACTIONS = [
  'media.created',
  'media.updated',
  'media.deleted',
  'media.published',
  'media.unpublished',
  'media.featured',
  'media.unfeatured',
  /** Many items changed at once by a CSV uploaded to the media screen (or `npm run import -- --update`). */
  'media.batch_updated',
  /** A submission's file put in place of an item's it looked like (issue 29). */
  'media.file_replaced',
  /** An item made from a submission that looked like another, linked as its version. */
  'media.version_linked',
  /** An item made from a submission that looked like another, kept beside it. */
  'media.duplicate_kept',
  'submission.approved',
  'submission.rejected',
  /** A rejected submission put back to pending for another look. */
  'submission.reopened',
  'submission.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  /** The list of places (issue 28 §3). */
  'place.created',
  'place.updated',
  'place.deleted',
  'folder.created',
  'folder.updated',
  'folder.deleted',
  'document.created',
  'document.updated',
  'document.deleted',
  'document.published',
  'document.unpublished',
  'document.featured',
  'document.unfeatured',
  'slideshow.created',
  'slideshow.updated',
  'slideshow.deleted',
  'slideshow.published',
  'slideshow.unpublished',
  'slideshow.featured',
  'slideshow.unfeatured',
  'settings.updated',
  'watermark.updated',
  'translation.created',
  'translation.updated',
  'translation.deleted',
  'user.created',
  'user.updated',
  'user.role_changed',
  'user.activated',
  'user.deactivated',
  'user.deleted',
  'user.password_reset_sent',
  'users.synced',
  'profile.updated',
  'account.signed_in',
  /** What a visitor told about an item (issue 29), put into a field of it, turned down, answered. */
  'knowledge.accepted',
  'knowledge.rejected',
  'knowledge.replied',
  /** The list of people staff keep (issue 29 §2), and the boxes that mark them on images. */
  'person.created',
  'person.updated',
  'person.deleted',
  /** Two entries of the list found to be one person: the one's boxes and names moved to the other. */
  'person.merged',
  'person.marked',
  'person.box_updated',
  'person.unmarked',
  /** A visitor's name for a person on a photo, put on it or turned down. */
  'person.suggestion_accepted',
  'person.suggestion_rejected',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_RESOURCE_TYPES = [
  'media',
  'submission',
  'category',
  'place',
  'folder',
  'document',
  'slideshow',
  'settings',
  'watermark',
  'translation',
  'user',
  'knowledge',
  'person',
] as const;
export type ActivityResourceType = (typeof ACTIVITY_RESOURCE_TYPES)[number];

/** The resource type an action is about: the part before the dot. */
export function resourceTypeOf(action: ActivityAction): ActivityResourceType {
  const head = action.split('.')[0]!;
  if (head === 'users' || head === 'profile' || head === 'account') return 'user';
  return head as ActivityResourceType;
}

/** One row of the log as the API answers it (GET /api/admin/activity). */
export interface ActivityEntry {
  id: string;
  /** One of ACTIVITY_ACTIONS (rows written before a rename are renamed by a migration). */
  action: string;
  resourceType: ActivityResourceType | null;
  resourceId: string | null;
  resourceName: string | null;
  /** Who did it; null is 'System'. */
  actor: { id: string; name: string | null; email: string } | null;
  createdAt: string;
}
