import type { Db } from '#server/db/database.ts';
import { createJob, hasQueuedJob } from '#server/jobs/jobs.repository.ts';
import { listStaffNotifiedOfSubmissions } from '../users/users.public.ts';
import { getSubmission, listPendingSubmissionsSince } from './submissions.repository.ts';
import type { Mailer } from '#server/mail/mailer.ts';

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
  if (await hasQueuedJob(db, NOTIFY_STAFF_JOB)) return;
  await createJob(
    db,
    NOTIFY_STAFF_JOB,
    { since: since.toISOString() },
    { runAt: new Date(Date.now() + STAFF_NOTICE_DELAY_MS) },
  );
}

/** Staff who opted in (preferences.notifyNewSubmissions) get the batch's list. */
export async function sendStaffNotice(deps: Deps, payload: { since: string }) {
  const submissions = await listPendingSubmissionsSince(deps.db, new Date(payload.since));
  if (submissions.length === 0) return;
  const staff = await listStaffNotifiedOfSubmissions(deps.db);
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
  const row = await getSubmission(deps.db, payload.submissionId);
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
