import type { ActivityAction, ActivityEntry, ActivityResourceType } from '#common/activity.ts';
import type { Translate } from '#web/app/i18n.tsx';

/**
 * The log's human label of every action and resource type (common/activity.ts). The `satisfies`
 * makes a new action in ACTIVITY_ACTIONS a type error here until it has its label; the
 * `{ key, label }` entries are texts-table keys (scripts/texts.ts reads them).
 */
export const ACTION_TEXTS = {
  'media.created': { key: 'activity.action.media.created', label: 'Media uploaded' },
  'media.updated': { key: 'activity.action.media.updated', label: 'Media updated' },
  'media.deleted': { key: 'activity.action.media.deleted', label: 'Media deleted' },
  'media.published': { key: 'activity.action.media.published', label: 'Media made public' },
  'media.unpublished': { key: 'activity.action.media.unpublished', label: 'Media made private' },
  'media.featured': { key: 'activity.action.media.featured', label: 'Media featured' },
  'media.unfeatured': { key: 'activity.action.media.unfeatured', label: 'Media unfeatured' },
  'media.batch_updated': { key: 'activity.action.media.batch_updated', label: 'Media updated from a CSV' },
  'media.file_replaced': { key: 'activity.action.media.file_replaced', label: 'Media file replaced' },
  'media.version_linked': { key: 'activity.action.media.version_linked', label: 'Media linked as a version' },
  'media.duplicate_kept': {
    key: 'activity.action.media.duplicate_kept',
    label: 'Look-alike kept as its own item',
  },
  'submission.approved': { key: 'activity.action.submission.approved', label: 'Submission approved' },
  'submission.rejected': { key: 'activity.action.submission.rejected', label: 'Submission rejected' },
  'submission.reopened': { key: 'activity.action.submission.reopened', label: 'Submission reopened' },
  'submission.deleted': { key: 'activity.action.submission.deleted', label: 'Submission deleted' },
  'category.created': { key: 'activity.action.category.created', label: 'Category created' },
  'category.updated': { key: 'activity.action.category.updated', label: 'Category updated' },
  'category.deleted': { key: 'activity.action.category.deleted', label: 'Category deleted' },
  'place.created': { key: 'activity.action.place.created', label: 'Place added' },
  'place.updated': { key: 'activity.action.place.updated', label: 'Place updated' },
  'place.deleted': { key: 'activity.action.place.deleted', label: 'Place deleted' },
  'folder.created': { key: 'activity.action.folder.created', label: 'Folder created' },
  'folder.updated': { key: 'activity.action.folder.updated', label: 'Folder updated' },
  'folder.deleted': { key: 'activity.action.folder.deleted', label: 'Folder deleted' },
  'document.created': { key: 'activity.action.document.created', label: 'Document uploaded' },
  'document.updated': { key: 'activity.action.document.updated', label: 'Document updated' },
  'document.deleted': { key: 'activity.action.document.deleted', label: 'Document deleted' },
  'document.published': { key: 'activity.action.document.published', label: 'Document made public' },
  'document.unpublished': { key: 'activity.action.document.unpublished', label: 'Document made private' },
  'document.featured': { key: 'activity.action.document.featured', label: 'Document featured' },
  'document.unfeatured': { key: 'activity.action.document.unfeatured', label: 'Document unfeatured' },
  'slideshow.created': { key: 'activity.action.slideshow.created', label: 'Slideshow created' },
  'slideshow.updated': { key: 'activity.action.slideshow.updated', label: 'Slideshow updated' },
  'slideshow.deleted': { key: 'activity.action.slideshow.deleted', label: 'Slideshow deleted' },
  'slideshow.published': { key: 'activity.action.slideshow.published', label: 'Slideshow made public' },
  'slideshow.unpublished': { key: 'activity.action.slideshow.unpublished', label: 'Slideshow made private' },
  'slideshow.featured': { key: 'activity.action.slideshow.featured', label: 'Slideshow featured' },
  'slideshow.unfeatured': { key: 'activity.action.slideshow.unfeatured', label: 'Slideshow unfeatured' },
  'settings.updated': { key: 'activity.action.settings.updated', label: 'Site settings updated' },
  'watermark.updated': { key: 'activity.action.watermark.updated', label: 'Watermark settings updated' },
  'translation.created': { key: 'activity.action.translation.created', label: 'Translation created' },
  'translation.updated': { key: 'activity.action.translation.updated', label: 'Translation updated' },
  'translation.deleted': { key: 'activity.action.translation.deleted', label: 'Translation deleted' },
  'user.created': { key: 'activity.action.user.created', label: 'User created' },
  'user.updated': { key: 'activity.action.user.updated', label: 'User updated' },
  'user.role_changed': { key: 'activity.action.user.role_changed', label: 'User role changed' },
  'user.activated': { key: 'activity.action.user.activated', label: 'User activated' },
  'user.deactivated': { key: 'activity.action.user.deactivated', label: 'User deactivated' },
  'user.deleted': { key: 'activity.action.user.deleted', label: 'User deleted' },
  'user.password_reset_sent': {
    key: 'activity.action.user.password_reset_sent',
    label: 'Password reset e-mail sent',
  },
  'users.synced': { key: 'activity.action.users.synced', label: 'Users synced' },
  'profile.updated': { key: 'activity.action.profile.updated', label: 'Profile updated' },
  'account.signed_in': { key: 'activity.action.account.signed_in', label: 'Signed in' },
  'knowledge.accepted': { key: 'activity.action.knowledge.accepted', label: 'Knowledge accepted' },
  'knowledge.rejected': { key: 'activity.action.knowledge.rejected', label: 'Knowledge rejected' },
  'knowledge.replied': { key: 'activity.action.knowledge.replied', label: 'Contributor answered' },
  'person.created': { key: 'activity.action.person.created', label: 'Person added' },
  'person.updated': { key: 'activity.action.person.updated', label: 'Person updated' },
  'person.deleted': { key: 'activity.action.person.deleted', label: 'Person deleted' },
  'person.merged': { key: 'activity.action.person.merged', label: 'People merged' },
  'person.marked': { key: 'activity.action.person.marked', label: 'Person marked on a photo' },
  'person.box_updated': { key: 'activity.action.person.box_updated', label: 'Person box changed' },
  'person.unmarked': { key: 'activity.action.person.unmarked', label: 'Person box removed' },
  'person.suggestion_accepted': {
    key: 'activity.action.person.suggestion_accepted',
    label: 'Name suggestion accepted',
  },
  'person.suggestion_rejected': {
    key: 'activity.action.person.suggestion_rejected',
    label: 'Name suggestion rejected',
  },
} as const satisfies Record<ActivityAction, { key: string; label: string }>;

export const RESOURCE_TYPE_TEXTS = {
  media: { key: 'activity.type.media', label: 'Media' },
  submission: { key: 'activity.type.submission', label: 'Submission' },
  category: { key: 'activity.type.category', label: 'Category' },
  place: { key: 'activity.type.place', label: 'Place' },
  folder: { key: 'activity.type.folder', label: 'Folder' },
  document: { key: 'activity.type.document', label: 'Document' },
  slideshow: { key: 'activity.type.slideshow', label: 'Slideshow' },
  settings: { key: 'activity.type.settings', label: 'Site settings' },
  watermark: { key: 'activity.type.watermark', label: 'Watermark' },
  translation: { key: 'activity.type.translation', label: 'Translation' },
  user: { key: 'activity.type.user', label: 'User' },
  knowledge: { key: 'activity.type.knowledge', label: 'Knowledge' },
  person: { key: 'activity.type.person', label: 'Person' },
} as const satisfies Record<ActivityResourceType, { key: string; label: string }>;

/** An action's label; an action this build does not know (a newer server) shows as it is. */
export function actionLabel(action: string, t: Translate): string {
  if (!Object.hasOwn(ACTION_TEXTS, action)) return action;
  const text = ACTION_TEXTS[action as ActivityAction];
  return t(text.key, text.label);
}

export function resourceTypeLabel(type: string, t: Translate): string {
  if (!Object.hasOwn(RESOURCE_TYPE_TEXTS, type)) return type;
  const text = RESOURCE_TYPE_TEXTS[type as ActivityResourceType];
  return t(text.key, text.label);
}

/** Who did it: full name, else e-mail, else 'System' (admin-back-office.md §2 Recent Activity). */
export function actorLabel(actor: ActivityEntry['actor'], t: Translate): string {
  return actor?.name?.trim() || actor?.email || t('activity.system', 'System');
}
