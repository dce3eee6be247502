import {
  AUDIO_MIN_BYTES_PER_SECOND,
  AV_MAX_SECONDS,
  VIDEO_MAX_HEIGHT,
  VIDEO_MAX_PIXELS,
  VIDEO_MAX_WIDTH,
  VIDEO_MIN_BYTES_PER_SECOND,
} from '#common/limits.ts';
import { BoundedRunError, type RunLimits, runBounded } from './bounded-run.ts';
import { containerOf } from './containers.ts';

/**
 * ffprobe reads headers and, where they do not say enough, decodes a few frames: it gets the
 * same bounds as a decode (384 MiB of address space leaves about 160 MB to allocate: the
 * libraries' mappings take the rest). It is not given the codec whitelist: it would fail on a
 * codec off the list instead of naming it, and the refusal has to say which.
 */
export const PROBE_LIMITS: RunLimits = { memoryBytes: 384 * 2 ** 20, timeoutMs: 20_000 };
/** At most this much of the file is read to find its streams (ffprobe's own default is 5 MB too). */
const PROBE_BYTES = 5_000_000;
const ANALYZE_MICROSECONDS = 10_000_000;
/** A file with thousands of streams answers with more than this: refused, not parsed. */
const MAX_PROBE_OUTPUT = 256 * 1024;

/** The stream a derivative would decode (the first sound, or the first picture that is no cover). */
export interface MediaProbe {
  codec: string;
  width: number | null;
  height: number | null;
  /** Seconds, as the container or the stream says; null when neither does. */
  durationSeconds: number | null;
}

/** A sound or video refused before decoding: why, in words for the sender (with the file's name before it). */
export class MediaRefusal extends Error {
  constructor(
    readonly code:
      | 'unsupported_codec'
      | 'media_too_long'
      | 'implausible_length'
      | 'video_too_large'
      | 'unreadable_media',
    readonly reason: string,
  ) {
    super(reason);
  }

  /** The message of the refusal of the file `fileName`. */
  messageFor(fileName: string): string {
    return `"${fileName}" cannot be accepted: ${this.reason}`;
  }
}

export interface ProbeOutput {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string };
}

/**
 * ffprobe's reading of every stream of a file, opened with exactly `demuxer` (never probed for
 * another format), within PROBE_LIMITS and reading at most PROBE_BYTES: the one way any part of
 * the archive asks ffprobe. Rejects with a BoundedRunError when ffprobe cannot read the file, runs
 * out of its limits or answers with something other than JSON.
 */
export async function runProbe(path: string, demuxer: string): Promise<ProbeOutput> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  await runBounded(
    'ffprobe',
    [
      ...['-hide_banner', '-v', 'error', '-threads', '1', '-probesize', String(PROBE_BYTES)],
      ...['-analyzeduration', String(ANALYZE_MICROSECONDS), '-protocol_whitelist', 'file', '-f', demuxer],
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,pix_fmt,width,height,duration:stream_disposition=attached_pic',
      ...['-of', 'json', '-i', path],
    ],
    PROBE_LIMITS,
    (chunk) => {
      bytes += chunk.length;
      chunks.push(chunk);
      return bytes <= MAX_PROBE_OUTPUT;
    },
  );
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ProbeOutput;
  } catch {
    throw new BoundedRunError('ffprobe answered with something other than JSON', 'output');
  }
}

/**
 * Reads the stream a derivative would decode, with the type's own demuxer only.
 * Rejects with a BoundedRunError when ffprobe cannot read the file (or runs out of its limits),
 * and with a MediaRefusal when the file has no such stream.
 */
export async function probeMedia(path: string, mimeType: string): Promise<MediaProbe> {
  const output = await runProbe(path, containerOf(mimeType).demuxer);
  const wantsVideo = mimeType.startsWith('video/');
  const stream = (output.streams ?? []).find((s) =>
    wantsVideo ? s.codec_type === 'video' && !s.disposition?.attached_pic : s.codec_type === 'audio',
  );
  if (!stream?.codec_name) {
    throw new MediaRefusal(
      'unreadable_media',
      `it holds no ${wantsVideo ? 'video' : 'sound'} that can be read.`,
    );
  }
  const durations = [output.format?.duration, stream.duration]
    .map(Number)
    .filter((d) => Number.isFinite(d) && d > 0);
  return {
    codec: stream.codec_name,
    width: stream.width || null,
    height: stream.height || null,
    durationSeconds: durations.length > 0 ? Math.max(...durations) : null,
  };
}

/**
 * The rules a sound or video must meet before it is decoded (DESIGN §4.8): a codec its container
 * is accepted with, a known length of at most AV_MAX_SECONDS, at least the bytes a real recording
 * of that length takes, and for video at most VIDEO_MAX_PIXELS. Null when it meets them.
 */
export function refusalOf(probe: MediaProbe, mimeType: string, fileSize: number): MediaRefusal | null {
  const container = containerOf(mimeType);
  const video = mimeType.startsWith('video/');
  if (!container.codecs.includes(probe.codec)) {
    return new MediaRefusal(
      'unsupported_codec',
      `its ${video ? 'picture' : 'sound'} is coded as ${probe.codec}, and ${container.label} is accepted with ${container.accepts}.`,
    );
  }
  const seconds = probe.durationSeconds;
  if (seconds === null) return new MediaRefusal('unreadable_media', 'its length cannot be read.');
  if (seconds > AV_MAX_SECONDS) {
    return new MediaRefusal(
      'media_too_long',
      `it is ${formatDuration(seconds)} long, and sound and video may be at most ${AV_MAX_SECONDS / 3600} hours long.`,
    );
  }
  if (fileSize < seconds * (video ? VIDEO_MIN_BYTES_PER_SECOND : AUDIO_MIN_BYTES_PER_SECOND)) {
    return new MediaRefusal(
      'implausible_length',
      `it claims to hold ${formatDuration(seconds)} of ${video ? 'video' : 'sound'} in ${formatBytes(fileSize)}, far less than any real recording of that length takes.`,
    );
  }
  if (video && (probe.width ?? 0) * (probe.height ?? 0) > VIDEO_MAX_PIXELS) {
    return new MediaRefusal(
      'video_too_large',
      `its picture is ${probe.width} × ${probe.height} pixels, and video may be at most ${VIDEO_MAX_WIDTH} × ${VIDEO_MAX_HEIGHT} pixels (${(VIDEO_MAX_PIXELS / 1e6).toFixed(1)} megapixels).`,
    );
  }
  return null;
}

/** Probes and applies the rules: the probe of a file that may be decoded, else the refusal thrown. */
export async function probeAllowedMedia(path: string, mimeType: string, fileSize: number) {
  const probe = await probeMedia(path, mimeType);
  const refusal = refusalOf(probe, mimeType, fileSize);
  if (refusal) throw refusal;
  return probe;
}

function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes < 1 ? `${Math.round(seconds)} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
