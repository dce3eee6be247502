import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeMessage, fileTypeMessage } from '#common/file-types.ts';
import { UPLOAD_MAX_BYTES } from '#common/limits.ts';
import { hasFfmpeg } from '#server/media/derivatives/ffmpeg.ts';
import {
  alsaWav,
  emptyFile,
  exifFixture,
  fileOfSize,
  freedesktopOgg,
  ghostscriptPdf,
  htmlNamedJpg,
  imageFixture,
  jpegHtmlPolyglot,
  mjpegPcmAvi,
  NAMES,
  opencvAvi,
  pixelBombPng,
  svgNamedJpg,
  textFile,
  truncatedJpeg,
} from '#server/test/fixtures.ts';
import { buildUser, createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { flushViews } from './view-counts.ts';
import { multipartUpload } from '#server/test/multipart.ts';

let t: TestApp;
let staff: string;
let contributor: string;
beforeAll(async () => {
  t = await createTestApp();
  const editor = await buildUser(t, { role: 'editor' });
  staff = await signIn(t, editor.email, editor.password);
  const pub = await buildUser(t, { role: 'public' });
  contributor = await signIn(t, pub.email, pub.password);
});
afterAll(() => t.close());

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function upload(
  path: string,
  options: { name?: string; fields?: Record<string, string>; cookie?: string | null } = {},
) {
  const { payload, headers } = multipartUpload(options.fields ?? {}, { path, name: options.name });
  const cookie = options.cookie === undefined ? staff : options.cookie;
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Every file in the store, so a refusal can be shown to leave nothing behind. */
function storedFiles(): string[] {
  const root = join(t.dataDir, 'files');
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : [full];
      });
    } catch {
      return [];
    }
  };
  return walk(root).filter((f) => !f.includes('.health'));
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

describe('staff upload of an image', () => {
  it('keeps the original unaltered, reads its metadata, and makes watermarked derivatives in the background', async () => {
    const path = await exifFixture('gps');
    const res = await upload(path, { fields: { title: 'Við bryggjuna', keywords: 'bátur, havn, ' } });
    expect(res.statusCode).toBe(201);
    const media = res.json().media;
    expect(media).toMatchObject({
      title: 'Við bryggjuna',
      mediaType: 'image',
      mimeType: 'image/jpeg',
      sha256: sha256(path),
      fileSize: statSync(path).size,
      width: 180,
      height: 135,
      keywords: ['bátur', 'havn'],
      processingStatus: 'pending',
      isPublic: true,
      isFeatured: false,
    });
    expect(media.displayId).toMatch(/^PHOTO-\d{5}$/);
    expect(media.placeholder).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(media.fileMetadata.gps.latitude).toBeCloseTo(37.885, 2);
    expect(media.fileMetadata.gps.longitude).toBeCloseTo(-122.6225, 2);
    // Where a photo was taken (or scanned) is for staff: the public gets no GPS or camera.
    expect((await get(`/api/media/${media.id}`)).json().media).toMatchObject({
      id: media.id,
      fileMetadata: null,
    });
    expect((await get(`/api/media/${media.id}`, staff)).json().media.fileMetadata.gps).toBeDefined();

    // The stored original is byte-for-byte what was sent.
    const row = await t.db
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toMatch(/^media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    expect(sha256(join(t.dataDir, 'files', row.file_key))).toBe(sha256(path));
    // The watermark in force at upload is recorded on the item.
    expect(row).toMatchObject({
      watermark_enabled: true,
      watermark_type: 'logo_text',
      watermark_position: 'bottom_right',
      watermark_opacity: 70,
    });

    expect(await t.jobs.drain()).toBe(1);
    const after = (await get(`/api/media/${media.id}`, staff)).json().media;
    expect(after.processingStatus).toBe('ready');
    const derivatives = await t.db
      .selectFrom('derivatives')
      .selectAll()
      .where('owner_id', '=', media.id)
      .execute();
    const byVariant = Object.fromEntries(derivatives.map((d) => [d.variant, d]));
    expect(Object.keys(byVariant).sort()).toEqual(['display', 'download', 'medium', 'thumb']);
    expect(byVariant.thumb).toMatchObject({ mime_type: 'image/webp', watermarked: false });
    // Smaller than the phone size already: the medium image is the watermarked display as it is.
    expect(byVariant.medium).toMatchObject({
      mime_type: 'image/webp',
      watermarked: true,
      width: 180,
      height: 135,
    });
    expect(byVariant.display).toMatchObject({
      mime_type: 'image/webp',
      watermarked: true,
      width: 180,
      height: 135,
    });
    expect(byVariant.download).toMatchObject({ mime_type: 'image/jpeg', watermarked: true });
    // Derivatives are real images of the stated size.
    const display = await sharp(join(t.dataDir, 'files', byVariant.display!.file_key)).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', 180, 135]);
    // The original was not touched by the watermark.
    expect(sha256(join(t.dataDir, 'files', row.file_key))).toBe(sha256(path));
  });

  it('reports width and height after EXIF orientation, and shrinks a 6000×4000 photo to 400, 800 and 1600 px', async () => {
    const rotated = (await upload(await exifFixture('orientation8'))).json().media;
    expect([rotated.width, rotated.height]).toEqual([480, 640]);
    const large = (await upload(await exifFixture('large'))).json().media;
    expect([large.width, large.height]).toEqual([6000, 4000]);
    await t.jobs.drain();
    const dims = async (id: string, variant: string) => {
      const d = await t.db
        .selectFrom('derivatives')
        .selectAll()
        .where('owner_id', '=', id)
        .where('variant', '=', variant as never)
        .executeTakeFirstOrThrow();
      return [d.width, d.height];
    };
    expect(await dims(rotated.id, 'display')).toEqual([480, 640]);
    expect(await dims(large.id, 'thumb')).toEqual([400, 267]);
    expect(await dims(large.id, 'medium')).toEqual([800, 534]);
    expect(await dims(large.id, 'display')).toEqual([1600, 1067]);
    expect(await dims(large.id, 'download')).toEqual([6000, 4000]);
  }, 60_000);

  it.each([
    ['bmp', 'image/bmp', 'image/png'],
    ['gif', 'image/gif', 'image/gif'],
    ['webp', 'image/webp', 'image/webp'],
    ['tiff', 'image/tiff', 'image/tiff'],
    ['png', 'image/png', 'image/png'],
  ] as const)(
    'takes a %s image, with its download in the same type where it can be written',
    async (format, mime, downloadMime) => {
      const res = await upload(await imageFixture(format, { width: 120, height: 90 }));
      expect(res.statusCode).toBe(201);
      const media = res.json().media;
      expect(media).toMatchObject({ mimeType: mime, width: 120, height: 90 });
      await t.jobs.drain();
      const download = await t.db
        .selectFrom('derivatives')
        .selectAll()
        .where('owner_id', '=', media.id)
        .where('variant', '=', 'download')
        .executeTakeFirstOrThrow();
      expect(download).toMatchObject({ mime_type: downloadMime, width: 120, height: 90 });
    },
  );

  it('accepts a photo with malformed EXIF, offering no suggestions rather than refusing it', async () => {
    const res = await upload(await exifFixture('malformed'));
    expect(res.statusCode).toBe(201);
    expect(res.json().media).toMatchObject({ width: 640, height: 480, mediaType: 'image' });
  });

  it('keeps the rights and context fields sent with the file, and defaults the rest', async () => {
    const res = await upload(await imageFixture('png'), {
      fields: {
        historicalContext: 'Tikið til fiskastevnuna',
        technicalNotes: 'Skannað úr negativi',
        copyrightStatus: 'public_domain',
        copyrightHolder: 'Gøtu kommuna',
        commercialUseAllowed: 'true',
        attributionRequired: 'false',
        attributionText: 'Mynd: Gøtu Myndasavn',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().media;
    expect((await get(`/api/media/${id}`)).json().media).toMatchObject({
      historicalContext: 'Tikið til fiskastevnuna',
      technicalNotes: 'Skannað úr negativi',
      copyrightStatus: 'public_domain',
      copyrightHolder: 'Gøtu kommuna',
      commercialUseAllowed: true,
      attributionRequired: false,
      attributionText: 'Mynd: Gøtu Myndasavn',
    });
    const bare = (await upload(await imageFixture('png'))).json().media;
    expect(bare).toMatchObject({
      copyrightStatus: 'unknown',
      commercialUseAllowed: false,
      attributionRequired: true,
      historicalContext: null,
    });
    const bad = await upload(await imageFixture('png'), { fields: { copyrightStatus: 'stolen' } });
    expect(bad.statusCode).toBe(400);
  });

  it('uses a file name without extension as the title, and never a path from the name', async () => {
    const res = await upload(await imageFixture('png'), { name: NAMES.traversal });
    expect(res.statusCode).toBe(201);
    expect(res.json().media).toMatchObject({
      title: 'passwd',
      fileName: 'passwd.jpg',
      mimeType: 'image/png',
    });
    const long = await upload(await imageFixture('png'), { name: NAMES.longUnicode });
    expect(long.statusCode).toBe(201);
    expect(long.json().media.fileName.length).toBeLessThanOrEqual(200);
    expect(long.json().media.fileName.endsWith('.jpg')).toBe(true);
  });

  it('records the watermark in force at upload, so later changes leave the item as it was', async () => {
    await t.db
      .insertInto('site_settings')
      .values([
        { key: 'watermark_type', value: 'stamp' },
        { key: 'watermark_position', value: 'top_left' },
        { key: 'watermark_opacity', value: '40' },
        { key: 'watermark_text', value: 'Savnið' },
      ])
      .execute();
    const media = (await upload(await imageFixture('jpeg', { width: 800, height: 600 }))).json().media;
    await t.db
      .updateTable('site_settings')
      .set({ value: 'none' })
      .where('key', '=', 'watermark_type')
      .execute();
    await t.jobs.drain();
    const row = await t.db
      .selectFrom('media_items')
      .selectAll()
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      watermark_type: 'stamp',
      watermark_position: 'top_left',
      watermark_opacity: 40,
      watermark_text: 'Savnið',
    });
    const display = await t.db
      .selectFrom('derivatives')
      .select('watermarked')
      .where('owner_id', '=', media.id)
      .where('variant', '=', 'display')
      .executeTakeFirstOrThrow();
    expect(display.watermarked).toBe(true);
    // The next upload gets the new setting: none.
    const next = (await upload(await imageFixture('jpeg'))).json().media;
    await t.jobs.drain();
    const nextDisplay = await t.db
      .selectFrom('derivatives')
      .select('watermarked')
      .where('owner_id', '=', next.id)
      .where('variant', '=', 'display')
      .executeTakeFirstOrThrow();
    expect(nextDisplay.watermarked).toBe(false);
    await t.db.deleteFrom('site_settings').execute();
  });
});

describe('refusals', () => {
  const refusals: [string, () => Promise<string>, number, RegExp | string][] = [
    ['a PNG pixel bomb', () => pixelBombPng(), 422, /could not be read as an image/],
    ['a truncated JPEG', () => truncatedJpeg(), 422, /could not be read as an image/],
    ['HTML named .jpg', () => htmlNamedJpg(), 415, /web page or script/],
    ['SVG named .jpg', () => svgNamedJpg(), 415, /web page or script/],
    ['an empty file', () => emptyFile(), 415, 'File is smaller than 1 bytes'],
    ['a text file named .jpg', () => textFile(undefined, 'notes.jpg'), 415, fileTypeMessage('upload')],
  ];
  it.each(refusals)(
    'refuses %s with a clear message and stores nothing',
    async (_what, make, status, message) => {
      const before = storedFiles().length;
      const rows = await t.db.selectFrom('media_items').select('id').execute();
      const path = await make();
      const res = await upload(path);
      expect(res.statusCode).toBe(status);
      expect(res.json().fileName).toBe(basename(path));
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
      expect(storedFiles()).toHaveLength(before);
      expect(await t.db.selectFrom('media_items').select('id').execute()).toHaveLength(rows.length);
      expect(readdirSync(join(t.dataDir, 'tmp'))).toEqual([]);
    },
  );

  it('refuses a file one byte over 100 MB as it arrives, and accepts one of exactly the limit', async () => {
    const before = storedFiles().length;
    const over = await upload(await fileOfSize(UPLOAD_MAX_BYTES + 1, 'big.jpg'));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(fileTooLargeMessage(UPLOAD_MAX_BYTES));
    expect(storedFiles()).toHaveLength(before);
    // A JPEG of exactly the limit (a small picture padded with zeros) is accepted whole.
    const exact = await upload(await fileOfSize(UPLOAD_MAX_BYTES, 'big.jpg'));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().media.fileSize).toBe(UPLOAD_MAX_BYTES);
  }, 60_000);

  it('accepts a JPEG/HTML polyglot only as the JPEG it is, served as image/jpeg with nosniff', async () => {
    const res = await upload(await jpegHtmlPolyglot());
    expect(res.statusCode).toBe(201);
    const media = res.json().media;
    expect(media.mimeType).toBe('image/jpeg');
    const original = await get(`/files/media/${media.id}/original`, staff);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets only content managers upload', async () => {
    const path = await imageFixture('png');
    expect((await upload(path, { cookie: null })).statusCode).toBe(401);
    expect((await upload(path, { cookie: contributor })).statusCode).toBe(403);
  });

  it('takes a place and a point with the file, by the edit’s rules; GPS in the file is never taken by itself', async () => {
    const places = (await get('/api/places')).json().places as { id: string; nameFo: string }[];
    const vagur = places.find((p) => p.nameFo === 'Vágur')!;
    const withPlace = await upload(await exifFixture('gps'), { fields: { placeId: vagur.id } });
    expect(withPlace.statusCode, withPlace.body).toBe(201);
    expect(withPlace.json().media).toMatchObject({ placeId: vagur.id, latitude: 61.475, longitude: -6.807 });
    const gpsOnly = await upload(await exifFixture('gps'));
    expect(gpsOnly.json().media).toMatchObject({ placeId: null, latitude: null, longitude: null });
    const half = await upload(await imageFixture('png'), { fields: { longitude: '-6.8' } });
    expect(half.statusCode).toBe(400);
    expect(half.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses an unknown category before reading the file', async () => {
    const res = await upload(await imageFixture('png'), {
      fields: { categoryId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The chosen category no longer exists.');
  });
});

describe('delivery under /files', () => {
  it('serves the public derivatives to anyone and the image original to staff only, with ranges and caching', async () => {
    const path = await exifFixture('orientation4');
    const media = (await upload(path)).json().media;
    await t.jobs.drain();
    const item = (await get(`/api/media/${media.id}`)).json().media;
    expect(item.files.original).toBeNull();
    expect(item.files.display).toMatch(/^\/files\/media\/.+\/display\?v=/);

    const display = await get(item.files.display);
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(display.headers['x-content-type-options']).toBe('nosniff');
    expect(display.headers['content-security-policy']).not.toContain('sandbox');
    const again = await get(item.files.display, undefined, {
      'if-none-match': display.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);

    expect((await get(`/files/media/${media.id}/original`)).statusCode).toBe(404);
    const original = await get(`/files/media/${media.id}/original`, staff);
    expect(original.statusCode).toBe(200);
    expect(createHash('sha256').update(original.rawPayload).digest('hex')).toBe(sha256(path));
    expect(original.headers['cache-control']).toBe('private, no-cache');

    const bytes = readFileSync(path);
    const part = await get(`/files/media/${media.id}/original`, staff, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.compare(part.rawPayload, bytes.subarray(100, 200))).toBe(0);
    const tail = await get(`/files/media/${media.id}/original`, staff, { range: 'bytes=-10' });
    expect(Buffer.compare(tail.rawPayload, bytes.subarray(bytes.length - 10))).toBe(0);
    const bad = await get(`/files/media/${media.id}/original`, staff, { range: `bytes=${bytes.length}-` });
    expect(bad.statusCode).toBe(416);
  });

  it('offers the watermarked download with a safe name and logs it as watermarked', async () => {
    const media = (
      await upload(await imageFixture('jpeg', { width: 640, height: 480 }), { name: 'Gøta 1952.jpg' })
    ).json().media;
    await t.jobs.drain();
    const res = await get(`/files/media/${media.id}/download?download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="G_ta 1952.jpg"; filename*=UTF-8''G%C3%B8ta%201952.jpg`,
    );
    const log = await t.db
      .selectFrom('media_usage_log')
      .selectAll()
      .where('media_item_id', '=', media.id)
      .execute();
    expect(log).toMatchObject([{ action: 'download', watermarked: true }]);
    // Opening its page shows the watermarked display image: the view is logged so too.
    expect((await t.app.inject({ method: 'POST', url: `/api/media/${media.id}/view` })).statusCode).toBe(200);
    await flushViews(t.db);
    const view = await t.db
      .selectFrom('media_usage_log')
      .select(['action', 'watermarked'])
      .where('media_item_id', '=', media.id)
      .where('action', '=', 'view')
      .execute();
    expect(view).toEqual([{ action: 'view', watermarked: true }]);
  });

  it('hides every file of a non-public item from everyone but staff', async () => {
    const media = (await upload(await imageFixture('png'), { fields: { isPublic: 'false' } })).json().media;
    await t.jobs.drain();
    for (const variant of ['thumb', 'display', 'download', 'original']) {
      expect((await get(`/files/media/${media.id}/${variant}`)).statusCode).toBe(404);
      expect((await get(`/files/media/${media.id}/${variant}`, contributor)).statusCode).toBe(404);
      expect((await get(`/files/media/${media.id}/${variant}`, staff)).statusCode).toBe(200);
    }
    expect((await get(`/api/media/${media.id}`)).statusCode).toBe(404);
  });
});

describe('video, audio and PDF', () => {
  it('serves a PDF with its true type, sandboxed, with no derivatives to wait for', async () => {
    const path = await ghostscriptPdf();
    const media = (await upload(path)).json().media;
    expect(media).toMatchObject({
      mediaType: 'document',
      mimeType: 'application/pdf',
      processingStatus: 'ready',
    });
    const res = await get(`/files/media/${media.id}/original`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-security-policy']).toBe("sandbox; frame-ancestors 'self'");
  });

  it('makes a poster frame for video (and a playable copy of an AVI) and a waveform for audio (ffmpeg), and streams ranges for seeking', async () => {
    if (process.env.CI) expect(hasFfmpeg(), 'CI installs ffmpeg').toBe(true);
    const video = (await upload(await mjpegPcmAvi())).json().media;
    const wav = (await upload(await alsaWav())).json().media;
    const ogg = (await upload(await freedesktopOgg())).json().media;
    expect([video.mediaType, wav.mediaType, ogg.mediaType]).toEqual(['video', 'audio', 'audio']);
    await t.jobs.drain();
    const variants = async (id: string) =>
      (await t.db.selectFrom('derivatives').select('variant').where('owner_id', '=', id).execute())
        .map((d) => d.variant)
        .sort();
    if (hasFfmpeg()) {
      expect(await variants(video.id)).toEqual(['playable', 'poster', 'thumb']);
      expect(await variants(wav.id)).toEqual(['waveform']);
      expect(await variants(ogg.id)).toEqual(['waveform']);
      const poster = (await get(`/api/media/${video.id}`)).json().media;
      expect(poster.placeholder).toBeTruthy();
      expect((await get(poster.files.poster)).headers['content-type']).toBe('image/webp');
    } else {
      expect(await variants(video.id)).toEqual([]);
    }
    const range = await get(`/files/media/${video.id}/original`, undefined, { range: 'bytes=0-1023' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(1024);
    expect(range.headers['content-type']).toBe(video.mimeType);
  }, 120_000);

  it('copes with a corrupt video: stored as sent, derivatives made or the item marked failed, never a crash', async () => {
    const media = (await upload(await opencvAvi('Megamind_bugy.avi'))).json().media;
    expect(media.mediaType).toBe('video');
    await t.db.updateTable('jobs').set({ max_attempts: 1 }).where('status', '=', 'queued').execute();
    await t.jobs.drain();
    const row = await t.db
      .selectFrom('media_items')
      .select('processing_status')
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(['ready', 'failed']).toContain(row.processing_status);
  }, 120_000);
});

describe('the job queue', () => {
  it('retries a failed derivatives job later, then marks the item failed when attempts run out', async () => {
    const media = (await upload(await imageFixture('png'))).json().media;
    const row = await t.db
      .selectFrom('media_items')
      .select('file_key')
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    await t.ctx.blobs.delete(row.file_key); // the original vanished: every attempt fails
    await t.jobs.drain();
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', '@>', JSON.stringify({ ownerId: media.id }) as never)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.last_error).toBeTruthy();
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(
      (
        await t.db
          .selectFrom('media_items')
          .select('processing_status')
          .where('id', '=', media.id)
          .executeTakeFirstOrThrow()
      ).processing_status,
    ).toBe('pending');

    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(0), attempts: job.max_attempts - 1 })
      .where('id', '=', job.id)
      .execute();
    await t.jobs.drain();
    const final = await t.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(final.status).toBe('failed');
    const item = await t.db
      .selectFrom('media_items')
      .select(['processing_status', 'processing_error'])
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    expect(item.processing_status).toBe('failed');
    expect(item.processing_error).toBeTruthy();
  });
});
