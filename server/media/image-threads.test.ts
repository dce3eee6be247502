import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { IMAGE_THREAD_NICENESS, lowerImageThreadPriority } from './image-threads.ts';
import sharp from './sharp.ts';

const threads = () =>
  readdirSync('/proc/self/task').map((tid) => ({
    tid: Number(tid),
    comm: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(),
  }));

describe("libvips' worker threads", () => {
  it('are lowered below the rest of the process, and stay lowered for the next images', async () => {
    expect(process.platform).toBe('linux');
    const image = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: '#3a6' },
    })
      .jpeg()
      .toBuffer();
    await sharp(image).resize(400).webp().toBuffer();
    const workers = () => threads().filter((t) => t.comm.startsWith('libvips'));
    expect(workers().length).toBeGreaterThan(0);
    lowerImageThreadPriority();
    for (let i = 0; i < 3; i++) await sharp(image).resize(800).jpeg().toBuffer();
    lowerImageThreadPriority();
    for (const { tid } of workers()) expect(getPriority(tid)).toBe(IMAGE_THREAD_NICENESS);
    // The event loop's thread keeps its priority (threads the lowered ones start, such as glib's
    // pool threads that librsvg's text uses, inherit theirs, as they should).
    expect(getPriority(process.pid)).toBe(0);
    // Looked at once: nothing is lowered again.
    expect(lowerImageThreadPriority()).toBe(0);
  });
});
