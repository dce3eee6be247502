import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '#web/lib/api-fetch.ts';
import type { UploadCallbacks } from '../api/upload-file.ts';
import { UploadError } from '../api/upload-file.ts';
import { type QueuedFile, type SendPlan, type SendStep, sendFiles } from './send-queue.ts';

type Row = QueuedFile & { made?: string };

function row(name: string, extra: Partial<Row> = {}): Row {
  return {
    key: name,
    file: new File(['x'.repeat(100)], name, { type: 'image/jpeg' }),
    state: 'waiting',
    progress: 0,
    reconnecting: false,
    ...extra,
  };
}

/**
 * A queue's rows and what happened to them, with stand-ins for the two network steps: `upload`
 * and `finish` are given per test; every row's states in order and every step are recorded.
 */
function harness(rows: Row[], plan: Partial<SendPlan<Row>>) {
  const table = new Map(rows.map((item) => [item.key, item]));
  const states: string[] = [];
  const steps: string[] = [];
  const progress: number[] = [];
  const full: SendPlan<Row> = {
    upload: async (file) => `id-${file.name}`,
    finish: async (_item, uploadId) => ({ made: `from ${uploadId}` }),
    keepsBytes: () => true,
    errorText: (error) => (error instanceof Error ? error.message : 'Upload failed'),
    ...plan,
    update(key, patch) {
      const next = { ...table.get(key)!, ...patch } as Row;
      table.set(key, next);
      if (patch.state) states.push(`${key}:${patch.state}`);
      if (patch.progress !== undefined) progress.push(patch.progress);
    },
    onStep(item: Row, step: SendStep<Row>) {
      steps.push(`${item.key}:${step.kind}`);
    },
  };
  return { table, states, steps, progress, plan: full, rows: () => [...table.values()] };
}

describe('the send queue both file screens share', () => {
  it('sends the files one at a time: bytes (90 % of the bar), then the server (95 %), then done with what it made', async () => {
    const order: string[] = [];
    const h = harness([row('a.jpg'), row('b.jpg')], {
      async upload(file, callbacks: UploadCallbacks) {
        order.push(`upload ${file.name}`);
        callbacks.onProgress(50, 100);
        callbacks.onProgress(100, 100);
        return `id-${file.name}`;
      },
      async finish(item, uploadId) {
        order.push(`finish ${item.key}`);
        return { made: `from ${uploadId}` };
      },
    });
    const failures = await sendFiles(h.rows(), h.plan, new AbortController().signal);
    expect(failures).toEqual([]);
    expect(order).toEqual(['upload a.jpg', 'finish a.jpg', 'upload b.jpg', 'finish b.jpg']);
    expect(h.progress.slice(0, 5)).toEqual([0, 45, 90, 95, 100]);
    expect(h.table.get('b.jpg')).toMatchObject({
      state: 'done',
      progress: 100,
      made: 'from id-b.jpg',
      uploadId: undefined,
    });
    expect(h.steps).toEqual([
      'a.jpg:uploading',
      'a.jpg:processing',
      'a.jpg:done',
      'b.jpg:uploading',
      'b.jpg:processing',
      'b.jpg:done',
    ]);
  });

  it('goes on past a failed file, which shows its reason and keeps its bytes only when the plan says so', async () => {
    const busy = new ApiRequestError(503, 'BUSY', 'The server is busy');
    const refused = new ApiRequestError(415, 'TYPE', 'Not an image');
    const h = harness([row('a.jpg'), row('b.jpg'), row('c.jpg')], {
      async finish(item, uploadId) {
        if (item.key === 'a.jpg') throw busy;
        if (item.key === 'b.jpg') throw refused;
        return { made: uploadId };
      },
      keepsBytes: (error) => error === busy,
    });
    const failures = await sendFiles(h.rows(), h.plan, new AbortController().signal);
    expect(failures).toEqual([busy, refused]);
    expect(h.table.get('a.jpg')).toMatchObject({
      state: 'failed',
      progress: 0,
      error: 'The server is busy',
      uploadId: 'id-a.jpg',
    });
    expect(h.table.get('b.jpg')).toMatchObject({
      state: 'failed',
      error: 'Not an image',
      uploadId: undefined,
    });
    expect(h.table.get('c.jpg')).toMatchObject({ state: 'done', made: 'id-c.jpg' });
  });

  it('does not keep an id when the bytes themselves failed', async () => {
    const h = harness([row('a.jpg')], {
      upload: async () => {
        throw new UploadError(0, 'Upload failed');
      },
    });
    const failures = await sendFiles(h.rows(), h.plan, new AbortController().signal);
    expect(failures).toHaveLength(1);
    expect(h.table.get('a.jpg')).toMatchObject({ state: 'failed', uploadId: undefined });
  });

  it('on a retry reuses bytes that arrived, and sends them again when the server no longer holds them', async () => {
    const uploads: string[] = [];
    const h = harness([row('kept.jpg', { uploadId: 'kept-id' }), row('gone.jpg', { uploadId: 'gone-id' })], {
      async upload(file) {
        uploads.push(file.name);
        return `new-${file.name}`;
      },
      async finish(_item, uploadId) {
        if (uploadId === 'gone-id') throw new ApiRequestError(404, 'NOT_FOUND', 'No such upload');
        return { made: uploadId };
      },
    });
    expect(await sendFiles(h.rows(), h.plan, new AbortController().signal)).toEqual([]);
    expect(uploads).toEqual(['gone.jpg']);
    expect(h.table.get('kept.jpg')).toMatchObject({ state: 'done', made: 'kept-id' });
    expect(h.table.get('gone.jpg')).toMatchObject({ state: 'done', made: 'new-gone.jpg' });
  });

  it('says a dropped connection once per drop, and clears it when bytes move again', async () => {
    const reconnectingSeen: boolean[] = [];
    const h = harness([row('a.jpg')], {
      async upload(_file, callbacks) {
        callbacks.onReconnecting();
        callbacks.onReconnecting();
        reconnectingSeen.push(h.table.get('a.jpg')!.reconnecting);
        callbacks.onProgress(10, 100);
        reconnectingSeen.push(h.table.get('a.jpg')!.reconnecting);
        callbacks.onReconnecting();
        return 'id';
      },
    });
    await sendFiles(h.rows(), h.plan, new AbortController().signal);
    expect(reconnectingSeen).toEqual([true, false]);
    expect(h.steps.filter((step) => step.endsWith('reconnecting'))).toHaveLength(2);
    expect(h.table.get('a.jpg')?.reconnecting).toBe(false);
  });

  it('passes the sender’s size limit to the upload', async () => {
    const limits: (number | undefined)[] = [];
    const h = harness([row('a.jpg')], {
      maxBytes: 1234,
      async upload(_file, callbacks) {
        limits.push(callbacks.maxBytes);
        return 'id';
      },
    });
    await sendFiles(h.rows(), h.plan, new AbortController().signal);
    expect(limits).toEqual([1234]);
  });

  it('stops the whole queue when stopped: answers null and sends nothing more', async () => {
    const abort = new AbortController();
    const uploads: string[] = [];
    const h = harness([row('a.jpg'), row('b.jpg')], {
      async upload(file, callbacks) {
        uploads.push(file.name);
        abort.abort();
        callbacks.signal.throwIfAborted();
        return 'id';
      },
    });
    expect(await sendFiles(h.rows(), h.plan, abort.signal)).toBeNull();
    expect(uploads).toEqual(['a.jpg']);
    expect(h.table.get('a.jpg')?.state).toBe('uploading');
    expect(h.table.get('b.jpg')?.state).toBe('waiting');
  });
});
