import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMIT_FORM_RESULT, type SubmitFormResult } from '#common/submit-form.ts';
import { htmlNamedJpg, imageFixture } from '#server/test/fixtures.ts';
import { createTestApp, pageShellDir, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { type FormPart, multipartForm } from '#server/test/multipart.ts';

// /submit's form sent without script (common/submit-form.ts): files and general details in one
// multipart POST to the page's own address, answered with the page drawn again by the server.
let t: TestApp;
let webDir: string;
let jpeg: Buffer;
let otherJpeg: Buffer;
beforeAll(async () => {
  webDir = pageShellDir();
  t = await createTestApp({ webDir });
  jpeg = readFileSync(await imageFixture('jpeg', { width: 64, height: 48, name: 'bátur.jpg' }));
  otherJpeg = readFileSync(await imageFixture('jpeg', { width: 48, height: 64, name: 'kirkja.jpg' }));
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

let address = 0;
/** Each test sends from an address of its own, so the allowance per address is its own too. */
const nextAddress = () => `10.30.0.${++address}`;

const details = (values: Record<string, string>): FormPart[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

const photo = (fileName: string, data = jpeg): FormPart => ({
  name: 'files',
  fileName,
  data,
  contentType: 'image/jpeg',
});

const GENERAL = {
  title: 'Bátar í Gøtu',
  description: 'Summarið 1956',
  submitterName: 'Jógvan',
  submitterEmail: 'jogvan@example.org',
  submitterMessage: '',
  photographer: 'Jákup á Dul',
  location: 'Norðragøta',
  source: '',
  originalDate: 'um 1956',
  website: '',
};

/** Sends the form as the browser does: the file input comes first on the page, then the fields. */
async function sendForm(parts: FormPart[], headers: Record<string, string> = { origin: TEST_ORIGIN }) {
  const { payload, headers: multipart } = multipartForm(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/submit',
    payload,
    remoteAddress: nextAddress(),
    headers: { ...multipart, ...headers },
  });
  const boot = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(res.body)?.[1];
  const result = boot ? (JSON.parse(boot)[SUBMIT_FORM_RESULT] as SubmitFormResult) : undefined;
  return { res, result, html: res.body };
}

const submissionsTitled = (title: string) =>
  t.db.selectFrom('submissions').selectAll().where('title', '=', title).execute();

/** The temporary files of the form reader are gone once the answer is sent. */
const leftovers = () => readdirSync(t.ctx.tmpDir).filter((name) => name.startsWith('upload-'));

describe('POST /submit (the form sent without script)', () => {
  it('takes two photos with the general details: two pending submissions and the confirmation page', async () => {
    const title = 'Bátar í Gøtu (form)';
    const { res, result, html } = await sendForm([
      photo('bátur.jpg'),
      photo('kirkja.jpg', otherJpeg),
      ...details({ ...GENERAL, title }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(result).toEqual({ outcome: 'sent', count: 2 });
    // The spec's confirmation, drawn by the server (public-site.md §2): no script needed to read it.
    expect(html).toContain('Takk fyri!');
    expect(html).toContain('Tínar 2 fílur eru móttiknar.');
    expect(html).toContain('href="/contributor/register"');
    expect(html).toContain('Send eitt annað');

    const rows = await submissionsTitled(title);
    expect(rows.map((row) => row.file_name).sort()).toEqual(['bátur.jpg', 'kirkja.jpg']);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'pending',
        media_type: 'image',
        mime_type: 'image/jpeg',
        description: 'Summarið 1956',
        submitter_name: 'Jógvan',
        submitter_email: 'jogvan@example.org',
        submitter_message: null,
        photographer: 'Jákup á Dul',
        location: 'Norðragøta',
        original_date: 'um 1956',
        submitted_by: null,
      });
    }
    expect(leftovers()).toEqual([]);
  });

  it('refuses a filled honeypot with the general error, stores nothing, and gives back what was typed', async () => {
    const title = 'Honeypot (form)';
    const { res, result, html } = await sendForm([
      photo('bátur.jpg'),
      ...details({ ...GENERAL, title, website: 'https://spam.example' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(result).toMatchObject({
      outcome: 'refused',
      error: { code: 'REJECTED', message: 'Ein feilur hendi, meðan tín sending varð viðgjørd.' },
      sent: 0,
    });
    if (result?.outcome !== 'refused') throw new Error('refused expected');
    expect(result.values).toMatchObject({ title, description: 'Summarið 1956' });
    expect(result.values).not.toHaveProperty('website');
    expect(html).toContain('Ein feilur hendi, meðan tín sending varð viðgjørd.');
    expect(await submissionsTitled(title)).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('takes five of six files and names the sixth: Too many files', async () => {
    const title = 'Sex fílur (form)';
    const six = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (n) =>
        photo(
          `mynd-${n}.jpg`,
          readFileSync(await imageFixture('jpeg', { width: 40 + n, name: `mynd-${n}.jpg` })),
        ),
      ),
    );
    const { res, result, html } = await sendForm([...six, ...details({ ...GENERAL, title })]);
    expect(res.statusCode).toBe(200);
    expect(result).toMatchObject({
      outcome: 'refused',
      error: null,
      files: [{ name: 'mynd-6.jpg', message: 'Too many files' }],
      sent: 5,
      total: 6,
      values: { title },
    });
    expect(html).toContain('Uploaded 5 of 6 files. Some uploads failed.');
    expect(html).toContain('Too many files');
    expect(await submissionsTitled(title)).toHaveLength(5);
  });

  it('refuses a file whose content is not an allowed type, whatever its name, with the reason', async () => {
    const title = 'Vevsíða (form)';
    const html = readFileSync(await htmlNamedJpg('kort.jpg'));
    const sent = await sendForm([photo('kort.jpg', html), ...details({ ...GENERAL, title })]);
    expect(sent.res.statusCode).toBe(415);
    expect(sent.result).toMatchObject({ outcome: 'refused', sent: 0, total: 1, values: { title } });
    if (sent.result?.outcome !== 'refused') throw new Error('refused expected');
    expect(sent.result.files).toEqual([
      { name: 'kort.jpg', message: expect.stringMatching(/"kort.jpg" looks like a web page or script/) },
    ]);
    expect(sent.html).toContain('Hesar fílurnar verða ikki sendar');
    expect(await submissionsTitled(title)).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a form without its title, at the field, keeping the rest of what was typed', async () => {
    const description = 'Eingin heiti (form)';
    const { res, result, html } = await sendForm([
      photo('bátur.jpg'),
      ...details({ ...GENERAL, title: '  ', description }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(result).toMatchObject({
      outcome: 'refused',
      error: null,
      issues: [{ path: 'title', message: 'Heiti er kravt' }],
      values: { description, submitterEmail: 'jogvan@example.org' },
    });
    // Drawn at the field, and the fields hold what was typed.
    expect(html).toContain('Heiti er kravt');
    expect(html).toContain(`>${description}</textarea>`);
    expect(html).toContain('value="jogvan@example.org"');
    expect(await t.db.selectFrom('submissions').where('description', '=', description).execute()).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('asks for a file when none was chosen (the empty file input), with the spec’s words', async () => {
    const { res, result, html } = await sendForm([
      { name: 'files', fileName: '', data: Buffer.alloc(0) },
      ...details({ ...GENERAL, title: 'Eingin fíla (form)' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(result).toMatchObject({ outcome: 'refused', error: { code: 'NO_FILE' } });
    expect(html).toContain('Vinarliga vel í minsta lagi eina fílu at senda.');
  });

  it('refuses NUL in a field as the JSON path does', async () => {
    const { res, result } = await sendForm([
      photo('bátur.jpg'),
      ...details({ ...GENERAL, location: 'Gøta\0' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(result).toMatchObject({
      outcome: 'refused',
      issues: [{ path: 'location', message: 'Text may not contain the NUL character (U+0000)' }],
    });
    expect(leftovers()).toEqual([]);
  });

  it('the page asks for same-origin referrers, so the browser posts its form with our Origin', async () => {
    // Under no-referrer a form the browser sends itself says `Origin: null` (Fetch §3.1.7).
    const page = await t.app.inject({ url: '/submit' });
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('refuses a form posted from another site before reading it', async () => {
    const title = 'Annað site (form)';
    const { res } = await sendForm([photo('bátur.jpg'), ...details({ ...GENERAL, title })], {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'CROSS_SITE',
      message: 'This request came from another site and was refused.',
    });
    expect(await submissionsTitled(title)).toEqual([]);
  });

  it('answers a sender past the per-address allowance with the wait', async () => {
    const ip = '10.31.0.1';
    const send = () => {
      const { payload, headers } = multipartForm([
        photo('bátur.jpg'),
        ...details({ ...GENERAL, title: 'Ov nógv' }),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/submit',
        payload,
        remoteAddress: ip,
        headers: { ...headers, origin: TEST_ORIGIN },
      });
    };
    // Twice the submissions' allowance for starting to send (submission-rules.ts); each form here
    // also spends one submission of 30, so the 31st form is refused by the submissions' limit.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send()).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const last = await send();
    expect(last.statusCode).toBe(429);
    expect(last.body).toMatch(/Too many submissions from here; please try again in \d+ minutes\./);
  }, 180_000);
});
