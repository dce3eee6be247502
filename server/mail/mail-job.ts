import type { Db } from '#server/db/database.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';
import type { Mail, Mailer } from './mailer.ts';

export const MAIL_JOB = 'send-mail';

/**
 * Mail that a request makes is sent by the job queue, never inside the request: a request about an
 * address that has an account (password reset, registration) then takes as long, and answers the
 * same, as one about an address that has none (issue 30 B9), and a slow or failing SMTP server
 * is retried instead of failing the request.
 */
export async function queueMail(db: Db, mail: Mail): Promise<void> {
  await createJob(db, MAIL_JOB, { to: mail.to, subject: mail.subject, text: mail.text }, { maxAttempts: 5 });
}

export function sendQueuedMail(deps: { mailer: Mailer }, payload: Record<string, unknown>): Promise<void> {
  const { to, subject, text } = payload as unknown as Mail;
  return deps.mailer.send({ to, subject, text });
}
