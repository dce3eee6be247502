import type { z } from 'zod';
import type {
  acceptKnowledgeBody,
  createKnowledgeBody,
  knowledgeListQuery,
  replyKnowledgeBody,
} from '#common/api/knowledge.ts';
import { updateMediaBody } from '#common/api/media.ts';
import { ACCEPTED_KNOWLEDGE_POINTS, type KnowledgeField } from '#common/knowledge-form.ts';
import { type Actor, can } from '#common/permissions.ts';
import type { Db } from '#server/db/database.ts';
import type { MediaItemRow, MediaItemUpdate } from '#server/db/schema.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { consumeRateLimit } from '#server/http/rate-limit.ts';
import { queueMail } from '#server/mail/mail-job.ts';
import { logActivity } from '../activity/activity.public.ts';
import { getMediaForUpdate, originalDateColumns, updateMedia } from '../media/media.public.ts';
import { rateLimitKey, SUBMISSION_RATE } from '../submissions/submissions.public.ts';
import { publishKnowledgeEvent } from './knowledge-events.ts';
import { presentKnowledgeStats, presentStaffKnowledge } from './knowledge.presenter.ts';
import * as repo from './knowledge.repository.ts';

type CreateKnowledge = z.output<typeof createKnowledgeBody> & { ip: string };

const rejected = () => badRequest('Ein feilur hendi, meðan tín sending varð viðgjørd.', 'REJECTED');

/**
 * What a visitor knows about a public item, anonymous or signed in, under the submissions'
 * protections: the bots' field refused, the sender's allowance (their address's, or their
 * account's) counted in a bucket of its own, NUL and lengths refused before this runs (the route's
 * schema and the request guards). An item the sender may not see is answered as unknown.
 */
export async function createKnowledge(
  ctx: AppContext,
  actor: Actor,
  { ip, website, ...body }: CreateKnowledge,
) {
  authorize(actor, 'submission:create');
  if (website) throw rejected();
  await consumeRateLimit(
    ctx.db,
    `knowledge:${rateLimitKey(actor, ip)}`,
    actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous,
  );
  const media = await ctx.db.transaction().execute(async (trx) => {
    const item = await getMediaForUpdate(trx, body.mediaId);
    // Only public items are asked about (staff see their hidden ones' pages, but tell them by editing).
    if (
      !item?.is_public ||
      !can(actor, 'media:read', { kind: 'media', isPublic: true, mediaType: item.media_type })
    )
      throw notFound('Media not found or not public');
    return repo.createContribution(trx, {
      media_id: item.id,
      who: body.who ?? null,
      place: body.place ?? null,
      time_text: body.time ?? null,
      other: body.other ?? null,
      contributor_name: body.contributorName ?? null,
      contributor_email: body.contributorEmail ?? null,
      submitted_by: actor?.id ?? null,
    });
  });
  publishKnowledgeEvent({ type: 'changed', id: media.id, status: 'pending' });
  return { id: media.id };
}

/** The review screen's list, newest first, by status. */
export async function listKnowledgeForReview(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof knowledgeListQuery>,
) {
  authorize(actor, 'submission:review');
  const { cursor, limit, q, status } = query;
  const page = await repo.listContributions(
    ctx.db,
    { q: q || undefined, status: status === 'all' ? undefined : status },
    cursor,
    limit,
  );
  return { items: page.rows.map(presentStaffKnowledge), total: page.total, nextCursor: page.nextCursor };
}

export async function getKnowledgeStats(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'submission:review');
  return presentKnowledgeStats(await repo.countContributions(ctx.db));
}

export function authorizeKnowledgeEvents(actor: Actor): string {
  authorize(actor, 'submission:review');
  return actor.id;
}

type Accept = z.output<typeof acceptKnowledgeBody> & { id: string };

/**
 * Staff accept a contribution into one field of its item, adding to what the field holds or
 * replacing it, with the text as they edited it. The contribution and the item are locked, the
 * field written, the contribution marked, the activity logged and the contributor's thank-you
 * queued in one transaction: all of it happens or none. Accepting is final; a rejected one may
 * still be accepted (a mistaken rejection put right).
 */
export async function acceptKnowledge(ctx: AppContext, actor: Actor, { id, field, mode, text }: Accept) {
  authorize(actor, 'submission:review');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getContributionForUpdate(trx, id);
    if (!row) throw notFound('Contribution not found');
    if (row.status === 'accepted') throw alreadyAccepted();
    const item = await getMediaForUpdate(trx, row.media_id);
    if (!item) throw notFound('Media not found');
    await updateMedia(trx, item.id, merged(item, field, mode, text));
    await repo.updateContribution(trx, id, {
      status: 'accepted',
      accepted_field: field,
      accepted_text: text,
      reviewed_by: actor.id,
      reviewed_at: new Date(),
    });
    if (row.contributor_email) await queueMail(trx, thankYou(ctx.config.publicUrl, row, item));
    await logActivity(trx, actor, 'knowledge.accepted', { id, name: item.title });
  });
  return reviewed(ctx, id);
}

/** Rejected: nothing of it reaches the item. An accepted one stays accepted. */
export async function rejectKnowledge(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'submission:review');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getContributionForUpdate(trx, id);
    if (!row) throw notFound('Contribution not found');
    if (row.status === 'accepted') throw alreadyAccepted();
    await repo.updateContribution(trx, id, {
      status: 'rejected',
      reviewed_by: actor.id,
      reviewed_at: new Date(),
    });
    await logActivity(trx, actor, 'knowledge.rejected', { id, name: null });
  });
  return reviewed(ctx, id);
}

/** Staff answer the contributor by e-mail (a question, thanks), when they gave an address. */
export async function replyToKnowledge(
  ctx: AppContext,
  actor: Actor,
  { id, text }: z.output<typeof replyKnowledgeBody> & { id: string },
) {
  authorize(actor, 'submission:review');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getContributionForUpdate(trx, id);
    if (!row) throw notFound('Contribution not found');
    if (!row.contributor_email)
      throw badRequest('This contribution came without an e-mail address.', 'NO_ADDRESS');
    await queueMail(trx, {
      to: row.contributor_email,
      subject: 'Um tína upplýsing / About what you told us',
      text: [`Hey${row.contributor_name ? ` ${row.contributor_name}` : ''},`, '', text].join('\n'),
    });
    await repo.updateContribution(trx, id, { replied_at: new Date() });
    await logActivity(trx, actor, 'knowledge.replied', { id, name: null });
  });
  return reviewed(ctx, id);
}

async function reviewed(ctx: AppContext, id: string) {
  ctx.jobs.wake();
  const row = await repo.getStaffContribution(ctx.db, id);
  if (!row) throw notFound('Contribution not found');
  publishKnowledgeEvent({ type: 'changed', id, status: row.status });
  return presentStaffKnowledge(row);
}

const alreadyAccepted = () =>
  new AppError(
    409,
    'ALREADY_ACCEPTED',
    'This contribution is already part of its item; edit the item instead.',
  );

/**
 * The item's columns after the text goes into `field`: added after what the field holds (a new
 * paragraph; a place after a semicolon; keywords, split at commas, to the list), or in its place.
 * A date is always replaced. The item's own limits apply (the media edit's schema): a text that
 * would make a field too long is refused.
 */
function merged(
  item: MediaItemRow,
  field: KnowledgeField,
  mode: 'add' | 'replace',
  text: string,
): MediaItemUpdate {
  const add = mode === 'add';
  const joined = (old: string | null, separator: string) =>
    add && old?.trim() ? `${old}${separator}${text}` : text;
  const value =
    field === 'description'
      ? joined(item.description, '\n\n')
      : field === 'historicalContext'
        ? joined(item.historical_context, '\n\n')
        : field === 'location'
          ? joined(item.location, '; ')
          : field === 'keywords'
            ? [...(add ? item.keywords : []), ...text.split(',')].map((k) => k.trim()).filter(Boolean)
            : text;
  const checked = updateMediaBody.safeParse({ [field]: field === 'keywords' ? [...new Set(value)] : value });
  if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'Too long', 'VALIDATION_ERROR');
  const ok = checked.data as Record<string, unknown>;
  if (field === 'originalDate') return originalDateColumns(text);
  if (field === 'keywords') return { keywords: ok.keywords as string[] };
  if (field === 'historicalContext') return { historical_context: ok.historicalContext as string };
  return { [field]: ok[field] as string };
}

function thankYou(
  publicUrl: string,
  row: { contributor_email: string | null; contributor_name: string | null },
  item: MediaItemRow,
) {
  return {
    to: row.contributor_email!,
    subject: 'Takk fyri tína upplýsing / Thank you for what you told us',
    text: [
      `Hey${row.contributor_name ? ` ${row.contributor_name}` : ''},`,
      '',
      `Takk fyri! What you told us about "${item.title}" (${item.display_id}) is now part of the archive:`,
      `${publicUrl}/media/${item.id}`,
    ].join('\n'),
  };
}

/** The credits an item shows (issue 29 §1): each accepted contribution's name and year. */
export async function listKnowledgeCredits(db: Db, mediaId: string) {
  const rows = await repo.listCredits(db, mediaId);
  return rows.map((row) => ({
    name: row.contributor_name,
    year: (row.reviewed_at ?? new Date()).getUTCFullYear(),
  }));
}

/** A signed-in contributor's contributions (their dashboard) and the points the accepted ones give. */
export async function getOwnKnowledge(db: Db, userId: string, limit: number) {
  const [rows, accepted] = await Promise.all([
    repo.listOwnContributions(db, userId, limit),
    repo.countOwnAccepted(db, userId),
  ]);
  return {
    accepted,
    points: accepted * ACCEPTED_KNOWLEDGE_POINTS,
    contributions: rows.map((row) => ({
      id: row.id,
      mediaId: row.media_id,
      mediaTitle: row.media_title,
      status: row.status,
      createdAt: row.created_at.toISOString(),
    })),
  };
}
