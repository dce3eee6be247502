import sharp from '../sharp.ts';
import { WATERMARK_PREVIEW_SIZE } from '#common/api/watermark.ts';
import type { WatermarkSettings } from '#common/watermark.ts';
import { watermarkImage } from './render-watermark.ts';

const { width: W, height: H } = WATERMARK_PREVIEW_SIZE;

/**
 * The sample picture of the admin preview: a fjord landscape drawn once, so the preview shows how
 * a watermark sits on light sky and dark ground alike. Made in memory; nothing to ship or read.
 */
const SAMPLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#e8f1f8"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2f6b8f"/><stop offset="1" stop-color="#12344a"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="320" cy="70" r="28" fill="#fff6d5"/>
  <path d="M0 170 L70 95 L140 150 L210 80 L300 160 L360 120 L400 150 L400 210 L0 210 Z" fill="#3f5d3a"/>
  <path d="M0 190 L90 140 L170 185 L260 135 L400 190 L400 215 L0 215 Z" fill="#2b4429"/>
  <rect y="205" width="${W}" height="${H - 205}" fill="url(#sea)"/>
  <path d="M40 250 h60 M150 270 h80 M260 240 h70 M90 285 h50" stroke="#9cc3dc" stroke-width="2" opacity="0.6"/>
  <path d="M170 232 l40 0 l-8 10 l-26 0 Z" fill="#8b3a2b"/><rect x="186" y="214" width="2" height="18" fill="#eee"/>
</svg>`;

let sample: Promise<Buffer> | null = null;

/** The sample decoded once (as PNG) and kept: every preview starts from the same pixels. */
function samplePicture(): Promise<Buffer> {
  sample ??= sharp(Buffer.from(SAMPLE_SVG), { density: 72 })
    .resize(W, H)
    .png()
    .toBuffer()
    .catch((error: unknown) => {
      sample = null;
      throw error;
    });
  return sample;
}

/**
 * The admin preview (admin-back-office.md §2: a 400×300 live preview): the sample picture
 * watermarked by the same renderer that watermarks the public copies of uploads, as WebP.
 */
export async function renderWatermarkPreview(settings: WatermarkSettings) {
  const result = await watermarkImage(await samplePicture(), settings, { format: 'webp', quality: 85 });
  if (result.error) throw new Error(result.error);
  return result.data;
}
