import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_PIXELS } from '#common/limits.ts';
import { alsaWav } from '#server/test/fixtures.ts';
import { hasFfmpeg, inputArgs, renderWaveform } from './ffmpeg.ts';

describe('ffmpeg input', () => {
  it('names the demuxer of the detected type, its decoders only, and allows only local files', () => {
    expect(inputArgs('/tmp/x', 'audio/wav')).toEqual([
      '-threads',
      '1',
      '-codec_whitelist',
      'pcm_u8,pcm_s16le,pcm_s24le,pcm_s32le,pcm_f32le,pcm_f64le,pcm_alaw,pcm_mulaw',
      '-max_pixels',
      String(VIDEO_MAX_PIXELS),
      '-f',
      'wav',
      '-protocol_whitelist',
      'file',
      '-i',
      '/tmp/x',
    ]);
    const mov = inputArgs('/tmp/x', 'video/quicktime');
    expect(mov.slice(mov.indexOf('-f'), mov.indexOf('-f') + 2)).toEqual(['-f', 'mov']);
    expect(() => inputArgs('/tmp/x', 'application/x-mpegurl')).toThrow(/No ffmpeg demuxer/);
  });

  it.runIf(hasFfmpeg())('does not follow a concat list sent in place of a sound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-'));
    copyFileSync(await alsaWav(), join(dir, 'other.wav'));
    const original = join(dir, 'original');
    // A list a probing ffmpeg would follow, reading another file beside it.
    writeFileSync(original, 'ffconcat version 1.0\nfile other.wav\n');
    await expect(renderWaveform(original, join(dir, 'waveform.png'), 'audio/wav')).rejects.toThrow(/ffprobe/);
    await expect(renderWaveform(join(dir, 'other.wav'), join(dir, 'real.png'), 'audio/wav')).resolves.toEqual(
      { durationSeconds: expect.any(Number) },
    );
  });
});
