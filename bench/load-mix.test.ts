import { describe, expect, it } from 'vitest';
import { renderPage } from '#server/web/boot-data.ts';
import { describePage } from '#server/web/page-head.ts';
import {
  bootData,
  ClassFigures,
  pageAssets,
  percentile,
  pickWeighted,
  replayKey,
  summarise,
} from './load-mix.ts';

describe('the load bench’s pure parts', () => {
  it('replays each kind of request from the answer captured for that kind', () => {
    const id = '0b7c7c2e-3a4f-4a55-9d1e-2f1f9c1d2e3f';
    expect(replayKey('GET', '/')).toBe('home');
    expect(replayKey('GET', '/api/gallery')).toBe('gallery');
    expect(replayKey('GET', '/api/gallery?cursor=abc')).toBe('gallery');
    expect(replayKey('GET', `/api/gallery?category=${id}`)).toBe('gallery');
    expect(replayKey('GET', '/api/gallery?q=b%C3%A1tar&category=x')).toBe('search');
    expect(replayKey('GET', `/api/media/${id}`)).toBe('media-api');
    expect(replayKey('POST', `/api/media/${id}/view`)).toBe('view');
    expect(replayKey('GET', `/media/${id}`)).toBe('media-page');
    expect(replayKey('GET', `/files/media/${id}/thumb?v=1`)).toBe('thumb');
    expect(replayKey('GET', `/files/media/${id}/display`)).toBe('display');
    expect(replayKey('GET', '/assets/index-abc.js')).toBe('asset /assets/index-abc.js');
    expect(replayKey('GET', '/api/slideshows/latest')).toBe('slideshow-latest');
    expect(replayKey('GET', `/api/slideshows/${id}`)).toBe('slideshow');
    expect(replayKey('POST', '/api/uploads')).toBe('upload-create');
    expect(replayKey('PATCH', '/api/uploads/0123abcd')).toBe('upload-bytes');
    expect(replayKey('POST', '/api/submissions')).toBe('submission');
    expect(replayKey('GET', '/about')).toBe('about');
    expect(replayKey('DELETE', '/api/uploads/0123abcd')).toBe('other DELETE /api/uploads/0123abcd');
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('picks by weight', () => {
    const choices = [
      ['a', 1],
      ['b', 3],
    ] as const;
    expect(pickWeighted(choices, 0)).toBe('a');
    expect(pickWeighted(choices, 0.24)).toBe('a');
    expect(pickWeighted(choices, 0.25)).toBe('b');
    expect(pickWeighted(choices, 0.999)).toBe('b');
  });

  it('reads the first answers and the assets of a page as the server writes them', () => {
    const template =
      '<html><head><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-c3.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-b2.css"></head><body><div id="root"></div></body></html>';
    const answers = { '/api/gallery?sort=newest': { items: [], nextCursor: 'x</script>' } };
    const url = new URL('http://localhost/');
    const head = describePage({
      url,
      lang: 'fo',
      publicUrl: 'http://localhost',
      answers,
      statuses: {},
      preview: null,
      isPublic: true,
    });
    const html = renderPage(template, url, answers, head);
    expect(bootData(html)).toEqual(answers);
    expect(pageAssets(html)).toEqual(['/assets/index-a1.js', '/assets/react-c3.js', '/assets/index-b2.css']);
    expect(bootData('<html></html>')).toEqual({});
  });

  it('sums classes into requests, rates, percentiles and errors by kind', () => {
    const a = new ClassFigures();
    const b = new ClassFigures();
    for (let i = 1; i <= 99; i++) a.add(i);
    b.add(1000, 'timeout');
    b.add(5, 'HTTP 503');
    b.add(6, 'HTTP 503');
    const s = summarise([a, b], 10);
    expect(s.requests).toBe(102);
    expect(s.rps).toBeCloseTo(10.2);
    expect(s.max).toBe(1000);
    expect(s.errors).toBe(3);
    expect(s.errorKinds).toBe('2 HTTP 503, 1 timeout');
    expect(b.errorCount).toBe(3);
    expect(a.ok).toBe(99);
  });
});
