import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alsaWav } from '#server/test/fixtures.ts';
import { hasFfmpeg, inputArgs, renderWaveform } from './ffmpeg.ts';

describe('ffmpeg input', () => {
  it('names the demuxer of the detected type and allows only local files', () => {
    expect(inputArgs('/tmp/x', 'audio/wav')).toEqual([
      '-f',
      'wav',
      '-protocol_whitelist',
      'file',
      '-i',
      '/tmp/x',
    ]);
    expect(inputArgs('/tmp/x', 'video/quicktime').slice(0, 2)).toEqual(['-f', 'mov']);
    expect(() => inputArgs('/tmp/x', 'application/x-mpegurl')).toThrow(/No ffmpeg demuxer/);
  });

  it.runIf(hasFfmpeg())('does not follow a concat list sent in place of a sound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-'));
    copyFileSync(await alsaWav(), join(dir, 'other.wav'));
    const original = join(dir, 'original');
    // A list a probing ffmpeg would follow, reading another file beside it.
    writeFileSync(original, 'ffconcat version 1.0\nfile other.wav\n');
    await expect(renderWaveform(original, join(dir, 'waveform.png'), 'audio/wav')).rejects.toThrow(/ffmpeg/);
    await expect(
      renderWaveform(join(dir, 'other.wav'), join(dir, 'real.png'), 'audio/wav'),
    ).resolves.toBeUndefined();
  });
});
