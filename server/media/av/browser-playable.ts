import { runProbe } from './probe-media.ts';

/** The streams of a sound or video that decide whether browsers play it (issue 27 §5). */
export interface MediaStreams {
  /** The first picture that is no cover: ffprobe's codec name and pixel format. */
  video: { codec: string; pixelFormat: string | null; width: number | null; height: number | null } | null;
  /** The first sound. */
  audio: { codec: string } | null;
  durationSeconds: number | null;
}

/**
 * ffprobe's reading of every stream of a file, opened with exactly `demuxer` (never probed for
 * another format), under the same bounds as the ingest's probe (probe-media.ts).
 */
export async function probeStreams(path: string, demuxer: string): Promise<MediaStreams> {
  const output = await runProbe(path, demuxer);
  const streams = output.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durations = [output.format?.duration, video?.duration, audio?.duration]
    .map(Number)
    .filter((d) => Number.isFinite(d) && d > 0);
  return {
    video: video?.codec_name
      ? {
          codec: video.codec_name,
          pixelFormat: video.pix_fmt ?? null,
          width: video.width || null,
          height: video.height || null,
        }
      : null,
    audio: audio?.codec_name ? { codec: audio.codec_name } : null,
    durationSeconds: durations.length > 0 ? Math.max(...durations) : null,
  };
}

/** H.264 as every browser decodes it: 8-bit 4:2:0 (High 10 and 4:2:2/4:4:4 profiles are not). */
const PLAYED_H264 = ['yuv420p', 'yuvj420p'];
/** WAV as Chromium, Firefox and Safari all play it: integer or float PCM, not a-law or µ-law. */
const PLAYED_PCM = ['pcm_u8', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le'];

const soundIs = (streams: MediaStreams, codecs: readonly string[]) =>
  streams.audio === null || codecs.includes(streams.audio.codec);

/** The types whose files browsers may play as they are (if their codecs allow): any other never. */
const PLAYED_CONTAINERS = [
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'audio/mpeg',
  'audio/aac',
  'audio/ogg',
  'audio/flac',
  'audio/wav',
];

/** Whether a file of this type always gets a playable copy, whatever its codecs (AVI, WMV, FLV …). */
export const neverPlayedAsIs = (mimeType: string) => !PLAYED_CONTAINERS.includes(mimeType);

/**
 * Whether browsers play the file as it is, decided by its codecs, not its container (an AVI
 * holding H.264 still is not played: the container is not). MP4 and QuickTime with H.264 and AAC
 * or MP3, WebM with VP8 or VP9 and Vorbis or Opus, MP3, AAC, Ogg Vorbis, Opus or FLAC, FLAC, and
 * WAV with plain PCM; everything else (AVI, Windows Media, Flash video, HEVC, MPEG-2, Speex …)
 * gets a playable copy.
 */
export function browserPlays(mimeType: string, streams: MediaStreams): boolean {
  const { video, audio } = streams;
  if (neverPlayedAsIs(mimeType)) return false;
  switch (mimeType) {
    case 'video/mp4':
    case 'video/quicktime':
      return (
        video?.codec === 'h264' &&
        PLAYED_H264.includes(video.pixelFormat ?? '') &&
        soundIs(streams, ['aac', 'mp3'])
      );
    case 'video/webm':
      return (video?.codec === 'vp8' || video?.codec === 'vp9') && soundIs(streams, ['vorbis', 'opus']);
    case 'audio/mpeg':
      return audio?.codec === 'mp3';
    case 'audio/aac':
      return audio?.codec === 'aac';
    case 'audio/ogg':
      return ['vorbis', 'opus', 'flac'].includes(audio?.codec ?? '');
    case 'audio/flac':
      return audio?.codec === 'flac';
    case 'audio/wav':
      return PLAYED_PCM.includes(audio?.codec ?? '');
    default:
      return false;
  }
}

/** Whether the picture can go into the copy as it is (an AVI or FLV holding browser-ready H.264). */
export function videoCopiesAsIs(streams: MediaStreams): boolean {
  const { video } = streams;
  return video?.codec === 'h264' && PLAYED_H264.includes(video.pixelFormat ?? '');
}
