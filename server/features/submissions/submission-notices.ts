import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { createJob } from '../../jobs/jobs.repository.ts';
import type { Mailer } from '../../mail/mailer.ts';

export const NOTIFY_STAFF_JOB = 'notify-staff-new-submissions';
export const NOTIFY_SUBMITTER_JOB = 'notify-submitter';
/** New submissions are gathered this long into one e-mail to staff. */
export const STAFF_NOTICE_DELAY_MS = 5 * 60 * 1000;

interface Deps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Queues one staff notice for this batch of submissions, unless one is already waiting: a sender
 * of five files, or ten senders in five minutes, make one e-mail, not ten.
 */
export async function scheduleStaffNotice(db: Db, since: Date) {
  const waiting = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', NOTIFY_STAFF_JOB)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (waiting) return;
  const id = await createJob(db, NOTIFY_STAFF_JOB, { since: since.toISOString() });
  await db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() + STAFF_NOTICE_DELAY_MS) })
    .where('id', '=', id)
    .execute();
}

/** Staff who opted in (preferences.notifyNewSubmissions) get the batch's list. */
export async function sendStaffNotice(deps: Deps, payload: { since: string }) {
  const submissions = await deps.db
    .selectFrom('submissions')
    .select(['display_id', 'title', 'submitter_name'])
    .where('status', '=', 'pending')
    .where('created_at', '>=', new Date(payload.since))
    .orderBy('created_at')
    .execute();
  if (submissions.length === 0) return;
  const staff = await deps.db
    .selectFrom('users')
    .select(['email', 'full_name'])
    .where('role', 'in', ['admin', 'editor'])
    .where('is_active', '=', true)
    .where(sql<boolean>`coalesce((preferences->>'notifyNewSubmissions')::boolean, false)`)
    .execute();
  const lines = submissions.map(
    (s) => `- ${s.display_id}: ${s.title}${s.submitter_name ? ` (${s.submitter_name})` : ''}`,
  );
  for (const person of staff) {
    await deps.mailer.send({
      to: person.email,
      subject: `${submissions.length} nýggjar sendingar / new submissions to review`,
      text: [
        `${submissions.length} new submission${submissions.length === 1 ? '' : 's'} await${submissions.length === 1 ? 's' : ''} review:`,
        '',
        ...lines,
        '',
        `Review them at ${deps.publicUrl}/admin/submissions`,
        '',
        'You get this because you asked to be told of new submissions (your profile settings).',
      ].join('\n'),
    });
  }
}

/** The submitter learns the outcome: a link to the item when approved, the notes when not. */
export async function sendSubmitterNotice(deps: Deps, payload: { submissionId: string }) {
  const row = await deps.db
    .selectFrom('submissions')
    .select([
      'title',
      'status',
      'submitter_email',
      'submitter_name',
      'review_notes',
      'approved_media_id',
      'display_id',
    ])
    .where('id', '=', payload.submissionId)
    .executeTakeFirst();
  if (!row?.submitter_email || row.status === 'pending') return;
  const greeting = `Hey${row.submitter_name ? ` ${row.submitter_name}` : ''},`;
  const text =
    row.status === 'approved'
      ? [
          greeting,
          '',
          `Takk fyri! Your submission "${row.title}" (${row.display_id}) has been approved and is now in the public archive:`,
          `${deps.publicUrl}/media/${row.approved_media_id}`,
        ]
      : [
          greeting,
          '',
          `Takk fyri fyri tína sending "${row.title}" (${row.display_id}). We could not add it to the archive this time.`,
          ...(row.review_notes ? ['', `Notes from the archive: ${row.review_notes}`] : []),
        ];
  await deps.mailer.send({
    to: row.submitter_email,
    subject:
      row.status === 'approved'
        ? 'Tín sending er góðkend / Your submission was approved'
        : 'Um tína sending / About your submission',
    text: text.join('\n'),
  });
}
