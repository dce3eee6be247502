/**
 * Each accepted sound and video type (common/file-types.ts) as ffmpeg opens it: the one demuxer
 * used for it, and the codecs (ffprobe's names) its decoded stream may have: the first audio
 * stream of a sound, the first video stream of a video (its poster). Only those are ever decoded
 * (DESIGN §4.8), and ffmpeg is told so with `-codec_whitelist`: a WAV holding FLAC, which can
 * claim hours in a few kilobytes, is refused instead of decoded.
 */
export interface Container {
  /** ffmpeg's demuxer: the file is opened with exactly this one, never probed. */
  readonly demuxer: string;
  /** The type as people know it, for messages. */
  readonly label: string;
  /** Codecs of the stream decoded, as ffprobe names them. */
  readonly codecs: readonly string[];
  /** What the codec list means, for the message of a refusal. */
  readonly accepts: string;
}

const PCM = [
  'pcm_u8',
  'pcm_s16le',
  'pcm_s24le',
  'pcm_s32le',
  'pcm_f32le',
  'pcm_f64le',
  'pcm_alaw',
  'pcm_mulaw',
];
const MPEG_AUDIO = ['mp3', 'mp2', 'mp1'];
const QUICKTIME_VIDEO = [
  'h264',
  'hevc',
  'mpeg4',
  'av1',
  'vp9',
  'mjpeg',
  'prores',
  'mpeg2video',
  'mpeg1video',
  'h263',
  'dvvideo',
  'svq1',
  'svq3',
  'cinepak',
  'qtrle',
  'png',
];

export const CONTAINERS: Readonly<Record<string, Container>> = {
  'video/mp4': {
    demuxer: 'mp4',
    label: 'MP4 video',
    codecs: QUICKTIME_VIDEO,
    accepts: 'H.264, HEVC, MPEG-4, AV1, VP9 and the like',
  },
  'video/quicktime': {
    demuxer: 'mov',
    label: 'QuickTime video',
    codecs: QUICKTIME_VIDEO,
    accepts: 'H.264, HEVC, ProRes, MPEG-4 and the like',
  },
  'video/x-msvideo': {
    demuxer: 'avi',
    label: 'AVI video',
    codecs: [
      'mjpeg',
      'mpeg4',
      'msmpeg4v1',
      'msmpeg4v2',
      'msmpeg4v3',
      'h264',
      'cinepak',
      'dvvideo',
      'indeo3',
      'indeo4',
      'indeo5',
      'mpeg1video',
      'mpeg2video',
      'msvideo1',
      'rawvideo',
    ],
    accepts: 'MJPEG, MPEG-4 (DivX, Xvid), H.264, DV, Cinepak and the like',
  },
  'video/x-ms-wmv': {
    demuxer: 'asf',
    label: 'Windows Media video',
    codecs: ['wmv1', 'wmv2', 'wmv3', 'vc1', 'msmpeg4v3', 'mpeg4', 'h264'],
    accepts: 'Windows Media Video, VC-1, MPEG-4 and H.264',
  },
  'video/x-flv': {
    demuxer: 'flv',
    label: 'Flash video',
    codecs: ['flv1', 'h264', 'vp6f', 'vp6a', 'vp6'],
    accepts: 'Sorenson, VP6 and H.264',
  },
  'video/webm': {
    demuxer: 'webm',
    label: 'WebM video',
    codecs: ['vp8', 'vp9', 'av1'],
    accepts: 'VP8, VP9 and AV1',
  },
  'audio/mpeg': { demuxer: 'mp3', label: 'MP3 audio', codecs: MPEG_AUDIO, accepts: 'MPEG audio' },
  'audio/wav': { demuxer: 'wav', label: 'WAV audio', codecs: PCM, accepts: 'uncompressed (PCM) sound only' },
  'audio/aac': { demuxer: 'aac', label: 'AAC audio', codecs: ['aac'], accepts: 'AAC' },
  'audio/ogg': {
    demuxer: 'ogg',
    label: 'Ogg audio',
    codecs: ['vorbis', 'opus', 'flac', 'speex'],
    accepts: 'Vorbis, Opus, FLAC and Speex',
  },
  'audio/flac': { demuxer: 'flac', label: 'FLAC audio', codecs: ['flac'], accepts: 'FLAC' },
};

/**
 * ffmpeg's decoders for a codec, where they are named otherwise than the codec or there are
 * several (a build picks the first it has).
 */
const DECODERS: Readonly<Record<string, readonly string[]>> = {
  mp3: ['mp3float', 'mp3'],
  mp2: ['mp2float', 'mp2'],
  mp1: ['mp1float', 'mp1'],
  aac: ['aac', 'aac_fixed'],
  opus: ['opus', 'libopus'],
  vorbis: ['vorbis', 'libvorbis'],
  speex: ['libspeex'],
  av1: ['libdav1d', 'libaom-av1', 'av1'],
  vp8: ['vp8', 'libvpx'],
  vp9: ['vp9', 'libvpx-vp9'],
  msmpeg4v3: ['msmpeg4'],
  flv1: ['flv'],
  ac3: ['ac3', 'ac3_fixed'],
};

/** ffmpeg's decoders of these codecs (ffprobe's names). */
export function decodersOf(codecs: readonly string[]): string[] {
  return codecs.flatMap((codec) => DECODERS[codec] ?? [codec]);
}

/**
 * The sound a video's playable copy (issue 27 §5) may be made from, by its container: the codecs
 * such files are found with. Only these are decoded beside the container's pictures; a video whose
 * sound is coded otherwise gets no copy, and staff see why.
 */
export const SOUND_IN_VIDEO: Readonly<Record<string, readonly string[]>> = {
  'video/mp4': [
    'aac',
    'mp3',
    'alac',
    'ac3',
    'opus',
    'flac',
    'pcm_s16le',
    'pcm_s16be',
    'pcm_s24le',
    'pcm_s24be',
  ],
  'video/quicktime': [
    'aac',
    'mp3',
    'alac',
    'ac3',
    'pcm_s16le',
    'pcm_s16be',
    'pcm_s24le',
    'pcm_s24be',
    'pcm_alaw',
    'pcm_mulaw',
  ],
  'video/x-msvideo': [...PCM, 'adpcm_ms', 'adpcm_ima_wav', 'mp3', 'mp2', 'aac', 'ac3'],
  'video/x-ms-wmv': ['wmav1', 'wmav2', 'wmapro', 'wmavoice', 'mp3'],
  'video/x-flv': ['mp3', 'aac', 'nellymoser', 'adpcm_swf', 'pcm_s16le', 'pcm_u8'],
  'video/webm': ['vorbis', 'opus'],
};

/** The container of a detected type; throws for a type ffmpeg is never given. */
export function containerOf(mimeType: string): Container {
  const container = CONTAINERS[mimeType];
  if (!container) throw new Error(`No ffmpeg demuxer for ${mimeType}`);
  return container;
}

/** `-codec_whitelist`'s value: the decoders of every codec the container accepts. */
export function decoderWhitelist(container: Container, sound: readonly string[] = []): string {
  return decodersOf([...container.codecs, ...sound]).join(',');
}
