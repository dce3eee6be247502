import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDefaultTexts } from '../features/translations/seed-default-texts.ts';
import { buildDerivatives, buildMedia, buildSlideshow } from '../test/factories.ts';
import { buildUser, createTestApp, signIn, TEST_ORIGIN, type TestApp } from '../test/harness.ts';

// Each page's head is written by the server (page-head.ts), so a link shared on social media
// shows its title, text and watermarked picture; an item's page the visitor may not see is a 404.
let t: TestApp;
let webDir: string;
let editorCookie: string;
const ids: Record<string, string> = {};
// As vite builds it: the built title and description are replaced, the rest is kept.
const template = `<!doctype html>
<html lang="fo">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Historical Media Archive" />
    <title>Myndasavn</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HOSTILE = `Hvat "<>&' </script><script>alert(1)</script>`;

async function item(
  title: string,
  values: {
    isPublic?: boolean;
    type?: 'image' | 'video' | 'audio' | 'document';
    description?: string | null;
    photographer?: string | null;
    location?: string | null;
  } = {},
) {
  const type = values.type ?? 'image';
  const row = await buildMedia(t, {
    title,
    media_type: type,
    width: 3000,
    height: 2000,
    is_public: values.isPublic ?? true,
    processing_status: 'ready',
    description: values.description ?? null,
    photographer: values.photographer ?? null,
    location: values.location ?? null,
  });
  if (type === 'image') {
    await buildDerivatives(t, row.id, [
      { variant: 'thumb', width: 400, height: 267 },
      { variant: 'medium', width: 800, height: 533 },
      { variant: 'display', width: 1600, height: 1067 },
      { variant: 'download', width: 3000, height: 2000 },
    ]);
  } else if (type === 'video') {
    await buildDerivatives(t, row.id, [
      { variant: 'thumb', width: 400, height: 225 },
      { variant: 'poster', width: 1280, height: 720 },
    ]);
  } else if (type === 'audio') {
    await buildDerivatives(t, row.id, [{ variant: 'waveform', width: 1200, height: 200 }]);
  }
  return row.id;
}

const fromHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A page as a crawler reads it: status, lang, title and the head's tags. */
async function head(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  const html = res.body;
  const headPart = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  const meta = (name: string) => {
    const found = [...headPart.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].filter(
      (m) => m[1] === name,
    );
    return found.length === 1 ? fromHtml(found[0]![2]!) : found.length === 0 ? undefined : 'twice';
  };
  return {
    status: res.statusCode,
    csp: String(res.headers['content-security-policy']),
    html,
    head: headPart,
    lang: /<html lang="([^"]*)">/.exec(html)?.[1],
    title: fromHtml(/<title>([^<]*)<\/title>/.exec(headPart)?.[1] ?? ''),
    titles: headPart.match(/<title>/g)?.length ?? 0,
    description: meta('description'),
    canonical: fromHtml(/<link rel="canonical" href="([^"]*)">/.exec(headPart)?.[1] ?? '') || undefined,
    meta,
  };
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'archive-web-'));
  writeFileSync(join(webDir, 'index.html'), template);
  t = await createTestApp({ webDir });
  await seedDefaultTexts(t.db);
  ids.photo = await item('Gøta havn', { description: 'Bátar  í havnini\num morgunin.' });
  ids.plain = await item('Ókend mynd', { photographer: 'Elin Jacobsen', location: 'Vágur' });
  ids.hostile = await item(HOSTILE, { description: `Lýsing "<b>&'</script>` });
  ids.hidden = await item('Loynd mynd', { isPublic: false, description: 'Loynd lýsing' });
  ids.video = await item('Filmur', { type: 'video' });
  ids.audio = await item('Ljóð', { type: 'audio' });
  ids.pdf = await item('Skjal', { type: 'document' });
  ids.show = (
    await buildSlideshow(t, [ids.audio!, ids.hidden!, ids.photo!], {
      is_public: true,
      title: 'Havnir',
      description: 'Havnir í Føroyum',
    })
  ).id;
  ids.hiddenShow = (await buildSlideshow(t, [ids.photo!], { is_public: false, title: 'Loynd sýning' })).id;
  const editor = await buildUser(t, { role: 'editor' });
  editorCookie = await signIn(t, editor.email, editor.password);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the head of a media page', () => {
  it('has the item’s title, description, canonical URL and a card with its watermarked display image', async () => {
    const page = await head(`/media/${ids.photo}`);
    expect(page.status).toBe(200);
    expect(page.lang).toBe('fo');
    expect(page.titles).toBe(1);
    expect(page.title).toBe('Gøta havn – Myndasavn');
    expect(page.description).toBe('Bátar í havnini um morgunin.');
    expect(page.head).not.toContain('Historical Media Archive');
    expect(page.canonical).toBe(`${TEST_ORIGIN}/media/${ids.photo}`);
    const display = `${TEST_ORIGIN}/files/media/${ids.photo}/display?v=display-abc.webp`;
    expect({
      type: page.meta('og:type'),
      title: page.meta('og:title'),
      description: page.meta('og:description'),
      url: page.meta('og:url'),
      site: page.meta('og:site_name'),
      locale: page.meta('og:locale'),
      image: page.meta('og:image'),
      imageType: page.meta('og:image:type'),
      width: page.meta('og:image:width'),
      height: page.meta('og:image:height'),
      alt: page.meta('og:image:alt'),
      card: page.meta('twitter:card'),
      twitterImage: page.meta('twitter:image'),
      twitterTitle: page.meta('twitter:title'),
    }).toEqual({
      type: 'article',
      title: 'Gøta havn',
      description: 'Bátar í havnini um morgunin.',
      url: `${TEST_ORIGIN}/media/${ids.photo}`,
      site: 'Myndasavn',
      locale: 'fo_FO',
      image: display,
      imageType: 'image/webp',
      width: '1600',
      height: '1067',
      alt: 'Gøta havn',
      card: 'summary_large_image',
      twitterImage: display,
      twitterTitle: 'Gøta havn',
    });
    // Never the original nor the full-size download.
    expect(page.head).not.toMatch(/\/(original|download)\?/);
    expect(page.meta('robots')).toBeUndefined();
  });

  it('describes an item without a description by its photographer and place', async () => {
    const page = await head(`/media/${ids.plain}`);
    expect(page.description).toBe('Elin Jacobsen · Vágur');
    expect(page.meta('og:description')).toBe('Elin Jacobsen · Vágur');
  });

  it('escapes every value: a title cannot end the head, a tag or the data block', async () => {
    const page = await head(`/media/${ids.hostile}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${HOSTILE} – Myndasavn`);
    expect(page.meta('og:title')).toBe(HOSTILE);
    expect(page.meta('og:image:alt')).toBe(HOSTILE);
    expect(page.description).toBe(`Lýsing "<b>&'</script>`);
    expect(page.head).toContain(
      '<title>Hvat &quot;&lt;&gt;&amp;&#39; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Myndasavn</title>',
    );
    // Only the built module script and the JSON data block: nothing the title could have opened,
    // and still no inline script, under the same CSP.
    expect(page.html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      '<script type="module" crossorigin src="/assets/index-abc.js">',
      '<script type="application/json" id="boot-data">',
    ]);
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.head)?.[1] ?? '';
    expect(JSON.parse(ld).name).toBe(HOSTILE);
    expect(page.csp).toContain("script-src 'self';");
    expect(page.html).not.toContain('<b>');
    expect(page.html).not.toContain('alert(1)</script>');
  });

  it('describes a public item in schema.org JSON-LD with its rights URI as license, and links the OAI-PMH base', async () => {
    const page = await head(`/media/${ids.plain}`);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.head)?.[1] ?? '{}',
    );
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ImageObject',
      name: 'Ókend mynd',
      license: 'http://rightsstatements.org/vocab/CNE/1.0/',
      creator: { '@type': 'Person', name: 'Elin Jacobsen' },
      contentLocation: { '@type': 'Place', name: 'Vágur' },
      url: `${TEST_ORIGIN}/media/${ids.plain}`,
    });
    expect(page.head).toContain(
      `<link rel="alternate" type="text/xml" title="OAI-PMH" href="${TEST_ORIGIN}/oai">`,
    );
    const video = JSON.parse(
      /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(
        (await head(`/media/${ids.video}`)).head,
      )?.[1] ?? '{}',
    );
    expect(video['@type']).toBe('VideoObject');
    // Not on an item only staff may see.
    expect((await head(`/media/${ids.hidden}`, { cookie: editorCookie })).head).not.toContain('ld+json');
  });

  it('shows a video by its poster frame; audio and documents get the small card without a picture', async () => {
    const video = await head(`/media/${ids.video}`);
    expect(video.meta('og:image')).toBe(`${TEST_ORIGIN}/files/media/${ids.video}/poster?v=poster-abc.webp`);
    expect([video.meta('og:image:width'), video.meta('og:image:height')]).toEqual(['1280', '720']);
    expect(video.meta('twitter:card')).toBe('summary_large_image');
    for (const id of [ids.audio, ids.pdf]) {
      const page = await head(`/media/${id}`);
      expect(page.status).toBe(200);
      expect(page.meta('og:image')).toBeUndefined();
      expect(page.meta('twitter:image')).toBeUndefined();
      expect(page.meta('twitter:card')).toBe('summary');
      expect(page.meta('og:title')).toBe(id === ids.audio ? 'Ljóð' : 'Skjal');
    }
  });
});

describe('an item page the visitor may not see', () => {
  it('is a 404 with the app’s page (which draws its not-found view), and tells nothing of the item', async () => {
    for (const url of [
      `/media/${ids.hidden}`,
      '/media/00000000-0000-4000-8000-000000000000',
      '/media/not-an-id',
      `/media/${ids.photo}x`,
    ]) {
      const page = await head(url);
      expect(page.status, url).toBe(404);
      expect(page.html).toMatch(/<div id="root" data-rendered-at="\d+"><div/);
      expect(page.html).toContain('id="boot-data"');
      expect(page.title).toBe('Media Not Found – Myndasavn');
      // Drawn as the browser first draws it: the not-found view, not a spinner.
      expect(page.html, url).toMatch(/<h1[^>]*>Media Not Found<\/h1>/);
      expect(page.html).not.toContain('Loynd');
      expect(page.canonical).toBeUndefined();
      expect(page.meta('og:image')).toBeUndefined();
      expect(page.meta('og:title')).toBeUndefined();
    }
    for (const url of [
      `/slideshow/${ids.hiddenShow}`,
      '/slideshow/00000000-0000-4000-8000-000000000000',
      '/slideshow/42',
    ]) {
      const page = await head(url);
      expect(page.status, url).toBe(404);
      expect(page.title).toBe('Slideshow Not Found – Myndasavn');
      expect(page.html, url).toMatch(/<h1[^>]*>Slideshow Not Found<\/h1>/);
      expect(page.html).not.toContain('Loynd');
      expect(page.meta('og:image')).toBeUndefined();
    }
  });

  it('is a 404 again for a browser that has it (no 304)', async () => {
    const first = await t.app.inject({ url: `/media/${ids.hidden}` });
    const again = await t.app.inject({
      url: `/media/${ids.hidden}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(404);
  });

  it('is a 200 for staff who may see it, with its title but no card, picture or canonical, and noindex', async () => {
    const page = await head(`/media/${ids.hidden}`, { cookie: editorCookie });
    expect(page.status).toBe(200);
    expect(page.title).toBe('Loynd mynd – Myndasavn');
    expect(page.description).toBe('Loynd lýsing');
    expect(page.meta('robots')).toBe('noindex');
    expect(page.canonical).toBeUndefined();
    expect(page.meta('og:image')).toBeUndefined();
    expect(page.meta('og:title')).toBeUndefined();
    expect(page.head).not.toMatch(/og:|twitter:/);

    const show = await head(`/slideshow/${ids.hiddenShow}`, { cookie: editorCookie });
    expect(show.status).toBe(200);
    expect(show.title).toBe('Loynd sýning – Myndasavn');
    expect(show.meta('og:image')).toBeUndefined();
    expect(show.meta('robots')).toBe('noindex');

    // A public item looks the same to staff as to everyone.
    const open = await head(`/media/${ids.photo}`, { cookie: editorCookie });
    expect(open.meta('og:image')).toBe(`${TEST_ORIGIN}/files/media/${ids.photo}/display?v=display-abc.webp`);
    expect(open.meta('robots')).toBeUndefined();
  });
});

describe('the IIIF manifest link', () => {
  const manifestLink = (headPart: string) =>
    /<link rel="alternate" type="application\/ld\+json;profile=&quot;http:\/\/iiif\.io\/api\/presentation\/3\/context\.json&quot;" href="([^"]*)">/.exec(
      headPart,
    )?.[1];

  it("is on a public item's and a public slideshow's page, and answers there", async () => {
    const page = await head(`/media/${ids.photo}`);
    expect(manifestLink(page.head)).toBe(`${TEST_ORIGIN}/iiif/presentation/3/item/${ids.photo}`);
    const manifest = await t.app.inject({ url: `/iiif/presentation/3/item/${ids.photo}` });
    expect(manifest.statusCode).toBe(200);
    const show = await head(`/slideshow/${ids.show}`);
    expect(manifestLink(show.head)).toBe(`${TEST_ORIGIN}/iiif/presentation/3/slideshow/${ids.show}`);
  });

  it('is not on a page staff see of an item that is not public', async () => {
    const page = await head(`/media/${ids.hidden}`, { cookie: editorCookie });
    expect(page.status).toBe(200);
    expect(page.head).not.toContain('rel="alternate"');
  });
});

describe('the head of a slideshow page', () => {
  it('has its title and description, and the first public slide with a picture as its card', async () => {
    const page = await head(`/slideshow/${ids.show}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('Havnir – Myndasavn');
    expect(page.description).toBe('Havnir í Føroyum');
    expect(page.canonical).toBe(`${TEST_ORIGIN}/slideshow/${ids.show}`);
    expect(page.meta('og:type')).toBe('website');
    // The audio slide has no picture and the hidden one is not shown: the photo is the first.
    expect(page.meta('og:image')).toBe(`${TEST_ORIGIN}/files/media/${ids.photo}/display?v=display-abc.webp`);
    expect(page.meta('og:image:alt')).toBe('Gøta havn');
    expect(page.meta('og:image:width')).toBe('1600');
    expect(page.html).not.toContain('Loynd');
  });
});

describe('the head of the other pages', () => {
  it('is the site’s title on the home page, with the query (view state) left out of the canonical URL', async () => {
    const page = await head('/?q=havn&sort=title&view=list&category=x');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Myndasavn');
    expect(page.description).toBe('Historical Media Archive');
    expect(page.canonical).toBe(`${TEST_ORIGIN}/`);
    expect(page.meta('og:url')).toBe(`${TEST_ORIGIN}/`);
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('og:image')).toBeUndefined();
    expect(page.meta('twitter:card')).toBe('summary');
  });

  it('names About and Submit by their headings', async () => {
    const about = await head('/about');
    expect(about.title).toBe('Um okkum – Myndasavn');
    expect(about.canonical).toBe(`${TEST_ORIGIN}/about`);
    const submit = await head('/submit?x=1');
    expect(submit.title).toBe('Send okkum tilfar – Myndasavn');
    expect(submit.canonical).toBe(`${TEST_ORIGIN}/submit`);
  });

  it('gives the sign-in and staff pages the site’s title and no card', async () => {
    for (const url of ['/login', '/admin/media', '/wp-login.php']) {
      const page = await head(url);
      expect(page.status, url).toBe(200);
      expect(page.title).toBe('Myndasavn');
      expect(page.canonical).toBeUndefined();
      expect(page.meta('og:title')).toBeUndefined();
    }
  });

  it('is in the language of the visitor’s cookie, with its texts', async () => {
    const page = await head('/about', { cookie: 'other=1; archive_language=en' });
    expect(page.lang).toBe('en');
    // The site_title setting (its default too) names the site in every language, as the header does.
    expect(page.title).toBe('About us – Myndasavn');
    expect(page.meta('og:locale')).toBe('en_GB');
    const boot = JSON.parse(/id="boot-data">(.*?)<\/script>/s.exec(page.html)?.[1] ?? '{}');
    expect(Object.keys(boot)).toContain('/api/translations?lang=en&scope=public');
    expect(Object.keys(boot)).not.toContain('/api/translations?lang=fo&scope=public');
    // The public pages' texts only: the staff's menu, not the back-office screens.
    const keys = Object.keys(boot['/api/translations?lang=en&scope=public'].messages);
    expect(keys).toContain('nav.about');
    expect(keys).toContain('admin.nav.media');
    expect(keys.filter((key) => key.startsWith('admin.categories.'))).toEqual([]);
    // An unknown language is the default.
    expect((await head('/about', { cookie: 'archive_language=xx' })).lang).toBe('fo');
  });

  it('follows the site settings: site_title names every page and the card', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { settings: { site_title: 'Gøtu savn & co', site_description: 'Myndir úr Gøtu' } },
    });
    expect(saved.statusCode).toBe(200);
    const home = await head('/');
    expect(home.title).toBe('Gøtu savn & co');
    expect(home.head).toContain('<title>Gøtu savn &amp; co</title>');
    expect(home.description).toBe('Myndir úr Gøtu');
    const media = await head(`/media/${ids.audio}`);
    expect(media.title).toBe('Ljóð – Gøtu savn & co');
    expect(media.meta('og:site_name')).toBe('Gøtu savn & co');
    expect(media.description).toBe('Myndir úr Gøtu');
  });
});

describe('the anonymous pages kept a moment', () => {
  it('are kept per path and language, with their status', async () => {
    const previous = process.env.PAGE_CACHE_MS;
    process.env.PAGE_CACHE_MS = '60000';
    const own = await createTestApp({ webDir });
    try {
      const row = await buildMedia(own, { title: 'Fyrsta', is_public: true });
      const get = (url: string, cookie?: string) =>
        own.app.inject({ url, headers: cookie ? { cookie } : {} });
      const fo = await get('/about');
      const en = await get('/about', 'archive_language=en');
      expect(fo.body).toContain('<html lang="fo">');
      expect(en.body).toContain('<html lang="en">');
      expect((await get('/about')).body).toContain('<html lang="fo">');
      expect((await get(`/media/${row.id}`)).statusCode).toBe(200);
      const missing = '/media/00000000-0000-4000-8000-000000000000';
      expect((await get(missing)).statusCode).toBe(404);
      expect((await get(missing)).statusCode).toBe(404);
      expect((await get(`/media/${row.id}`)).body).toContain('<title>Fyrsta – Myndasavn</title>');
    } finally {
      if (previous === undefined) delete process.env.PAGE_CACHE_MS;
      else process.env.PAGE_CACHE_MS = previous;
      await own.close();
    }
  });
});
