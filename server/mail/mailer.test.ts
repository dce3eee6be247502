import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes the message to a file and logs only the recipient and the file, never the link', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'mailer-')), 'outbox');
    const logged: string[] = [];
    const logger = { info: (obj: object, msg: string) => logged.push(JSON.stringify({ ...obj, msg })) };
    const mailer = createMailer({ from: 'Archive <no-reply@localhost>', outboxDir, logger });
    const link = 'https://archive.example.org/reset-password?token=secret-token-123';
    await mailer.send({ to: 'anna@example.org', subject: 'Reset your password', text: `Open ${link}` });

    const [file] = readdirSync(outboxDir);
    expect(file).toMatch(/\.eml$/);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('anna@example.org');
    expect(logged[0]).toContain(join(outboxDir, file!));
    expect(logged[0]).not.toContain('secret-token-123');
    expect(logged[0]).not.toContain('Open ');
  });
});
