import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into
 * DATA_DIR/outbox and its recipient and file are logged (never its text), so password reset works
 * (and is testable) with no set-up.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  // nodemailer is loaded with the first message (a password reset is rare): until then its
  // modules take no memory (issue 13 part 4).
  let transport: Promise<Transporter> | undefined;
  const smtpUrl = options.smtpUrl;
  const openTransport = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };
  if (smtpUrl) {
    return {
      async send(mail) {
        await (await openTransport()).sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      const info = await (await openTransport()).sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      // Never the body: it may hold a password-reset link, and logs outlive and travel further
      // than DATA_DIR (anyone who can read the outbox can read the file itself).
      options.logger.info({ to: mail.to, file }, 'Mail written to the outbox (SMTP_URL is not set)');
    },
  };
}
