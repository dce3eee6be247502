import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnswerCache, noteWrite } from './answer-cache.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('the kept answers', () => {
  it('are given again while fresh, and held no longer than that', async () => {
    vi.stubEnv('PAGE_CACHE_MS', '2000');
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), toFake: ['Date'] });
    const kept = createAnswerCache<string>();
    let made = 0;
    const make = (key: string) => async () => `${key} ${++made}`;

    // Visitors asking for 100 different search pages within a moment.
    for (let i = 0; i < 100; i++) await kept.get(`/api/gallery?q=${i}`, make(`q${i}`));
    expect(await kept.get('/api/gallery?q=7', make('again'))).toBe('q7 8');
    expect(kept.size).toBe(100);

    // Past their time, the next request frees them all, not only its own.
    vi.setSystemTime(new Date('2026-11-23T12:00:02.500Z'));
    expect(await kept.get('/api/gallery', make('first page'))).toBe('first page 101');
    expect(kept.size).toBe(1);

    // A write makes every kept answer stale: gone on the next request too.
    vi.setSystemTime(new Date('2026-11-23T12:00:03Z'));
    await kept.get('/api/gallery?q=a', make('a'));
    noteWrite();
    expect(await kept.get('/api/gallery?q=b', make('b'))).toBe('b 103');
    expect(kept.size).toBe(1);
    expect(await kept.get('/api/gallery?q=b', make('b again'))).toBe('b 103');
  });

  it('hold at most maxEntries: past it the oldest is let go, the others stay', async () => {
    vi.stubEnv('PAGE_CACHE_MS', '2000');
    const kept = createAnswerCache<string>({ maxEntries: 3 });
    let made = 0;
    const make = (key: string) => async () => `${key} ${++made}`;
    for (const key of ['a', 'b', 'c', 'd']) await kept.get(key, make(key));
    expect(kept.size).toBe(3);
    expect(await kept.get('b', make('b again'))).toBe('b 2');
    expect(await kept.get('d', make('d again'))).toBe('d 4');
    expect(await kept.get('a', make('a again'))).toBe('a again 5');
  });
});
