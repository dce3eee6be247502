import type { Sharp } from 'sharp';
import sharp from '../sharp.ts';
import {
  DEFAULT_WATERMARK_TEXT,
  FONT_SIZE,
  fontSizeFor,
  isWatermarkActive,
  PATTERN_LEVELS,
  TILED,
  WATERMARK_MARGIN_PX,
  type WatermarkPosition,
  type WatermarkSettings,
} from '#common/watermark.ts';

export type WatermarkFormat = 'webp' | 'jpeg' | 'png' | 'gif' | 'tiff';

export interface WatermarkResult {
  data: Buffer;
  watermarked: boolean;
  width: number;
  height: number;
  /** Set when the watermark could not be applied; the caller logs it. */
  error?: string;
}

/** Same pixel-bomb guard as every other decode of uploads. */
const INPUT_OPTIONS = { limitInputPixels: 268_402_689, failOn: 'error' } as const;
/** Spec: "keeps its original type at quality 0.9". */
const DEFAULT_QUALITY = 90;
const FONT_FAMILY = 'DejaVu Sans, sans-serif';
/** Text is measured once at this size with Pango (what librsvg lays SVG text out with) and scaled. */
const MEASURE_PX = 100;
/** Line box and baseline as shares of the font size, covering DejaVu's accents and descenders. */
const LINE_HEIGHT = 1.25;
const BASELINE_BELOW_CENTRE = 0.32;
/** The diagonal type is "one large text": three times the size the setting gives a corner text. */
const DIAGONAL_SCALE = 3;
const PATTERN_ANGLE = -30;

interface Block {
  width: number;
  height: number;
  /** SVG drawn in the block's own coordinates, (0,0) at its top-left corner. */
  body: string;
}

/**
 * A transparent PNG of exactly width×height holding the watermark, or null when the settings
 * switch it off. The admin preview renders a 400×300 sample through this same function.
 */
export async function renderWatermarkOverlay(
  width: number,
  height: number,
  settings: WatermarkSettings,
): Promise<Buffer | null> {
  const svg = await overlaySvg(width, height, settings);
  // At 72 dpi one SVG unit is one pixel, so the PNG is exactly width×height.
  return svg === null ? null : sharp(svg, { density: 72 }).png().toBuffer();
}

/** The overlay as SVG (what renderWatermarkOverlay rasterizes), or null when switched off. */
async function overlaySvg(
  width: number,
  height: number,
  settings: WatermarkSettings,
): Promise<Buffer | null> {
  const layer = await watermarkLayer(width, height, settings);
  return layer === null ? null : Buffer.from(layer.svg({ left: 0, top: 0, width, height }));
}

/** The watermark of an image of width×height as drawn, or null when the settings switch it off. */
async function watermarkLayer(
  width: number,
  height: number,
  settings: WatermarkSettings,
): Promise<Layer | null> {
  if (!isWatermarkActive(settings)) return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Watermark overlay size must be positive whole pixels, got ${width}×${height}`);
  }
  return buildLayer(width, height, settings);
}

/** A rectangle of the image in whole pixels. */
export interface Window {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a watermark draws, in the image's coordinates, piece by piece. */
interface Layer {
  /** The SVG of the part of the layer inside the window: window-sized, the window's pixels exactly. */
  svg(window: Window): string;
  /**
   * The windows that together hold every drawn pixel (none overlapping): one around a placed
   * block, bands across the image for the repeated types. Outside them the layer is transparent.
   */
  windows(bandHeight: number): Window[];
}

/** Rows of the image each band of a repeated watermark covers (watermarkToFile). */
const BAND_ROWS = 256;
/** Pixels added around a drawn piece's box: antialiasing reaches just past the geometry. */
const BLEED_PX = 2;
/**
 * Watermarks an already decoded and oriented image and encodes it. A watermark that cannot be
 * rendered never loses the image: like the spec's upload ("If watermarking an image fails the
 * original is uploaded unwatermarked") it returns the plain encode with the reason in `error`.
 * An input that cannot be decoded still throws, as there is nothing to return.
 */
export async function watermarkImage(
  input: Buffer,
  settings: WatermarkSettings,
  output: { format: WatermarkFormat; quality?: number },
): Promise<WatermarkResult> {
  let error: string | undefined;
  if (isWatermarkActive(settings)) {
    try {
      const { width, height } = await sharp(input, INPUT_OPTIONS).metadata();
      const overlay = await renderWatermarkOverlay(width, height, settings);
      if (overlay) return { ...(await encode(input, overlay, output)), watermarked: true };
    } catch (cause) {
      error = `Failed to create watermarked image: ${cause instanceof Error ? cause.message : String(cause)}`;
    }
  }
  const plain = await encode(input, null, output);
  return error === undefined ? { ...plain, watermarked: false } : { ...plain, watermarked: false, error };
}

async function encode(
  input: Buffer,
  overlay: Buffer | null,
  { format, quality = DEFAULT_QUALITY }: { format: WatermarkFormat; quality?: number },
) {
  const image = sharp(input, INPUT_OPTIONS);
  if (overlay) image.composite([{ input: overlay }]);
  const { data, info } = await encoded(image, format, quality).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function encoded(image: Sharp, format: WatermarkFormat, quality: number, streamed = false): Sharp {
  // A streamed JPEG (the full-size download) without optimised Huffman tables: to optimise them
  // libjpeg keeps every coefficient of the picture until its end (+72 MB of peak memory for a
  // 14 MP photo, 0.3 s), for a file 1.5 % smaller; the decoded pixels are the same either way.
  if (format === 'jpeg' && streamed) return image.jpeg({ quality, optimiseCoding: false });
  // Quality only for the lossy encoders: for PNG, sharp's `quality` would switch to a palette.
  const lossy = format === 'jpeg' || format === 'webp';
  return image.toFormat(format, lossy ? { quality } : {});
}

export interface WatermarkFileResult {
  width: number;
  height: number;
  /** Bytes written. */
  size: number;
  watermarked: boolean;
  /** Set when the watermark could not be applied; the caller logs it. */
  error?: string;
}

/**
 * Watermarks an image of any size straight into a file: `image()` gives the oriented picture as a
 * sharp pipeline (called again for the plain encode if the watermark fails), `size` its oriented
 * size. The watermark is composited in the same libvips pipeline as the decode and the encode, so
 * the picture streams through in strips and no full-size copy of it is ever held in memory.
 * `settings` null means no watermark applies. Like watermarkImage, a failed watermark never loses
 * the image.
 */
export async function watermarkToFile(
  image: () => Sharp,
  size: { width: number; height: number },
  settings: WatermarkSettings | null,
  output: { format: WatermarkFormat; quality?: number },
  path: string,
): Promise<WatermarkFileResult> {
  const quality = output.quality ?? DEFAULT_QUALITY;
  let error: string | undefined;
  if (settings && isWatermarkActive(settings)) {
    try {
      const layer = await watermarkLayer(size.width, size.height, settings);
      if (layer) {
        // Only where the watermark draws: a full-size overlay would be rasterized (librsvg, the
        // composite's alpha) at the photo's full size while it encodes; drawn outside the windows it
        // is transparent, so compositing the windows alone gives the same pixels.
        const overlaid = image().composite(
          layer.windows(BAND_ROWS).map((window) => ({
            input: Buffer.from(layer.svg(window)),
            density: 72,
            left: window.left,
            top: window.top,
            limitInputPixels: INPUT_OPTIONS.limitInputPixels,
          })),
        );
        const info = await encoded(overlaid, output.format, quality, true).toFile(path);
        return { width: info.width, height: info.height, size: info.size, watermarked: true };
      }
    } catch (cause) {
      error = `Failed to create watermarked image: ${cause instanceof Error ? cause.message : String(cause)}`;
    }
  }
  const info = await encoded(image(), output.format, quality, true).toFile(path);
  const plain = { width: info.width, height: info.height, size: info.size, watermarked: false };
  return error === undefined ? plain : { ...plain, error };
}

/** A drawn part of a layer, and the box in the image it stays inside. */
interface Piece {
  svg: string;
  box: Box;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The one place that turns settings into SVG. */
async function buildLayer(width: number, height: number, settings: WatermarkSettings): Promise<Layer> {
  // Characters XML forbids would make the whole overlay fail to parse; line breaks are not laid out.
  const text =
    settings.text.replace(/[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\s]+/gu, ' ').trim() ||
    DEFAULT_WATERMARK_TEXT;
  const fontSize = fontSizeFor(settings.size, width, height);
  const alpha = settings.opacity / 100;
  let drawn: { pieces: Piece[]; group?: (inner: string) => string };
  switch (settings.type) {
    case 'text':
      drawn = { pieces: [await placed(width, height, settings, fontSize, (f) => textBlock(text, f))] };
      break;
    case 'logo_text':
      drawn = { pieces: [await placed(width, height, settings, fontSize, (f) => logoTextBlock(text, f))] };
      break;
    case 'stamp':
      drawn = { pieces: [await placed(width, height, settings, fontSize, (f) => stampBlock(text, f))] };
      break;
    case 'diagonal':
      drawn = {
        pieces: [
          await placed(width, height, { ...settings, position: 'diagonal' }, fontSize * DIAGONAL_SCALE, (f) =>
            textBlock(text, f),
          ),
        ],
      };
      break;
    case 'pattern': {
      // Level 'none' never gets here (inactive); the fallback only satisfies the type.
      const level = settings.level === 'none' ? 'medium' : settings.level;
      const { spacing, alpha: patternAlpha } = PATTERN_LEVELS[level];
      drawn = await repeated(width, height, text, fontSize, spacing, PATTERN_ANGLE, patternAlpha);
      break;
    }
    case 'tiled':
      drawn = await repeated(width, height, text, fontSize, TILED.spacing, 0, TILED.alpha);
      break;
    case 'none':
      drawn = { pieces: [] };
      break;
    default:
      throw new Error(`Unknown watermark type: ${String((settings as { type: unknown }).type)}`);
  }
  const { pieces, group = (inner: string) => inner } = drawn;
  const patternLike = settings.type === 'pattern' || settings.type === 'tiled';
  const open = `<g opacity="${patternLike ? 1 : alpha}" font-family="${FONT_FAMILY}" font-weight="bold">`;
  const image: Window = { left: 0, top: 0, width, height };
  return {
    svg: (window) => {
      // The window's own pixels: a viewBox of the same size shifts the drawing by whole pixels
      // only, so each pixel is drawn as it is in the whole image.
      const inside = pieces.filter((piece) => meets(piece.box, window));
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${window.width}" height="${window.height}" ` +
        `viewBox="${window.left} ${window.top} ${window.width} ${window.height}">` +
        `${open}${group(inside.map((piece) => piece.svg).join(''))}</g></svg>`
      );
    },
    windows: (bandHeight) => {
      if (!patternLike) {
        // A placed block: the whole pixels around it, within the image.
        return pieces.flatMap((piece) => {
          const left = Math.max(0, Math.floor(piece.box.left) - BLEED_PX);
          const top = Math.max(0, Math.floor(piece.box.top) - BLEED_PX);
          const right = Math.min(width, Math.ceil(piece.box.right) + BLEED_PX);
          const bottom = Math.min(height, Math.ceil(piece.box.bottom) + BLEED_PX);
          return right > left && bottom > top
            ? [{ left, top, width: right - left, height: bottom - top }]
            : [];
        });
      }
      // Texts over the whole image: bands of rows, each with the texts that reach into it.
      const bands: Window[] = [];
      for (let top = 0; top < height; top += bandHeight) {
        const band = { ...image, top, height: Math.min(bandHeight, height - top) };
        if (pieces.some((piece) => meets(piece.box, band))) bands.push(band);
      }
      return bands;
    },
  };
}

/** Whether a drawn box, grown by the bleed, reaches into a window. */
function meets(box: Box, window: Window): boolean {
  return (
    box.left - BLEED_PX < window.left + window.width &&
    box.right + BLEED_PX > window.left &&
    box.top - BLEED_PX < window.top + window.height &&
    box.bottom + BLEED_PX > window.top
  );
}

/** The box a w×h rectangle centred at (cx, cy) covers once turned by angle degrees about its centre. */
function turnedBox(cx: number, cy: number, w: number, h: number, angle: number): Box {
  const rad = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const halfW = (w * cos + h * sin) / 2;
  const halfH = (w * sin + h * cos) / 2;
  return { left: cx - halfW, top: cy - halfH, right: cx + halfW, bottom: cy + halfH };
}

/**
 * One block at the position, lifted by a soft shadow so white marks read on pale skies too.
 * Shrinks the font when the block would not fit inside the margins (long text on a small
 * image), but never below the spec's minimum for the size.
 */
async function placed(
  width: number,
  height: number,
  settings: WatermarkSettings,
  fontSize: number,
  build: (fontSize: number) => Promise<Block>,
): Promise<Piece> {
  const angle = settings.position === 'diagonal' ? diagonalAngle(width, height) : 0;
  const padded = async (f: number) => withShadow(await build(f), f);
  const probe = await padded(fontSize);
  const fit = fitFactor(probe.width, probe.height, width, height, angle);
  const minimum = FONT_SIZE[settings.size].min;
  const block = fit < 1 ? await padded(Math.max(minimum, fontSize * fit)) : probe;
  const { x, y } = blockOrigin(settings.position, width, height, block.width, block.height);
  const rotation =
    angle === 0 ? '' : ` rotate(${round(angle)} ${round(block.width / 2)} ${round(block.height / 2)})`;
  return {
    svg: `<g transform="translate(${round(x)} ${round(y)})${rotation}">${block.body}</g>`,
    // Everything it draws, shadow included, is inside the block (its filter region).
    box: turnedBox(x + block.width / 2, y + block.height / 2, block.width, block.height, angle),
  };
}

/**
 * The block grown by the shadow's reach so the shadow is not cut off. The filter region is
 * exactly the grown block, so every drawn pixel, shadow included, keeps the margin.
 */
function withShadow(block: Block, fontSize: number): Block {
  const blur = Math.max(1, 0.05 * fontSize);
  const drop = Math.max(1, 0.03 * fontSize);
  const reach = Math.ceil(drop + 3 * blur);
  const width = block.width + 2 * reach;
  const height = block.height + 2 * reach;
  const body =
    `<filter id="shade" filterUnits="userSpaceOnUse" x="0" y="0" width="${round(width)}" height="${round(height)}">` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="${round(blur)}"/>` +
    `<feOffset dy="${round(drop)}"/>` +
    '<feComponentTransfer><feFuncA type="linear" slope="0.45"/></feComponentTransfer>' +
    '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>' +
    `<g filter="url(#shade)"><g transform="translate(${reach} ${reach})">${block.body}</g></g>`;
  return { width, height, body };
}

/** Top-left corner of a block of w×h at a position, keeping WATERMARK_MARGIN_PX from the edges. */
function blockOrigin(
  position: WatermarkPosition,
  width: number,
  height: number,
  w: number,
  h: number,
): { x: number; y: number } {
  const m = WATERMARK_MARGIN_PX;
  const left = m;
  const right = width - m - w;
  const centreX = (width - w) / 2;
  const top = m;
  const bottom = height - m - h;
  const centreY = (height - h) / 2;
  switch (position) {
    case 'top_left':
      return { x: left, y: top };
    case 'top_right':
      return { x: right, y: top };
    case 'bottom_left':
      return { x: left, y: bottom };
    case 'bottom_right':
      return { x: right, y: bottom };
    case 'center_bottom':
      return { x: centreX, y: bottom };
    case 'center':
    case 'diagonal':
      return { x: centreX, y: centreY };
  }
}

/** Degrees that lay text along the diagonal from bottom-left to top-right. */
function diagonalAngle(width: number, height: number): number {
  return (-Math.atan2(height, width) * 180) / Math.PI;
}

/** How much a block, rotated by angle, must shrink to fit inside the margins (1 = it fits). */
function fitFactor(w: number, h: number, width: number, height: number, angle: number): number {
  const rad = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const availableW = width - 2 * WATERMARK_MARGIN_PX;
  const availableH = height - 2 * WATERMARK_MARGIN_PX;
  return Math.min(1, availableW / (w * cos + h * sin), availableH / (w * sin + h * cos));
}

async function textBlock(text: string, fontSize: number): Promise<Block> {
  const outline = outlineWidth(fontSize);
  const width = (await textWidth(text, fontSize)) + 2 * outline;
  const height = LINE_HEIGHT * fontSize + 2 * outline;
  return { width, height, body: textElement(text, width / 2, height / 2, fontSize) };
}

/** A small camera mark and the text on a quiet dark plate, so it reads on any photograph. */
async function logoTextBlock(text: string, fontSize: number): Promise<Block> {
  const f = fontSize;
  const padX = 0.6 * f;
  const icon = 1.15 * f;
  const gap = 0.45 * f;
  const width = padX + icon + gap + (await textWidth(text, f)) + padX;
  const height = 1.9 * f;
  const cy = height / 2;
  const line = Math.max(1, 0.085 * f);
  const bodyTop = cy - 0.32 * icon;
  const body = [
    `<rect width="${round(width)}" height="${round(height)}" rx="${round(0.3 * f)}" fill="#000" fill-opacity="0.38"/>`,
    `<g fill="none" stroke="#fff" stroke-width="${round(line)}" stroke-linejoin="round">`,
    `<path d="M${round(padX + 0.3 * icon)} ${round(bodyTop)} l${round(0.1 * icon)} ${round(-0.16 * icon)} h${round(0.28 * icon)} l${round(0.1 * icon)} ${round(0.16 * icon)}"/>`,
    `<rect x="${round(padX)}" y="${round(bodyTop)}" width="${round(icon)}" height="${round(0.7 * icon)}" rx="${round(0.12 * icon)}"/>`,
    `<circle cx="${round(padX + icon / 2)}" cy="${round(bodyTop + 0.35 * icon)}" r="${round(0.2 * icon)}"/>`,
    '</g>',
    `<circle cx="${round(padX + 0.84 * icon)}" cy="${round(bodyTop + 0.15 * icon)}" r="${round(0.05 * icon)}" fill="#fff"/>`,
    textElement(text, padX + icon + gap + (width - 2 * padX - icon - gap) / 2, cy, f),
  ].join('');
  return { width, height, body };
}

/** Capitals inside a double rounded border, in the manner of an archive's rubber stamp. */
async function stampBlock(text: string, fontSize: number): Promise<Block> {
  const f = fontSize;
  const label = text.toLocaleUpperCase();
  const outer = Math.max(1.5, 0.09 * f);
  const inner = Math.max(1, 0.035 * f);
  const inset = outer / 2 + Math.max(2, 0.13 * f);
  const width = (await textWidth(label, f)) + 1.7 * f;
  const height = 2.1 * f;
  const frame = (at: number, strokeWidth: number, radius: number, fill = 'none') =>
    `<rect x="${round(at)}" y="${round(at)}" width="${round(width - 2 * at)}" height="${round(height - 2 * at)}" ` +
    `rx="${round(radius)}" stroke-width="${round(strokeWidth)}" fill="${fill}"/>`;
  const body = [
    // A faint tint inside the frame keeps it readable on white paper and pale skies.
    '<g stroke="#fff" fill-opacity="0.14">',
    frame(outer / 2, outer, 0.3 * f, '#000'),
    frame(inset, inner, Math.max(1, 0.3 * f - inset)),
    '</g>',
    textElement(label, width / 2, height / 2, f),
  ].join('');
  return { width, height, body };
}

/**
 * The text over the whole image in staggered rows. The level's spacing is the gap between
 * neighbouring texts rather than their pitch, so the large fonts of full-size images never overlap.
 */
async function repeated(
  width: number,
  height: number,
  text: string,
  fontSize: number,
  spacing: number,
  angle: number,
  alpha: number,
): Promise<{ pieces: Piece[]; group: (inner: string) => string }> {
  const inkWidth = await textWidth(text, fontSize);
  const columnPitch = inkWidth + spacing;
  const rowPitch = LINE_HEIGHT * fontSize + spacing;
  // Cover the circle around the image so no corner is left bare once the grid is rotated.
  const reach = Math.hypot(width, height) / 2 + Math.max(columnPitch, rowPitch);
  const cx = width / 2;
  const cy = height / 2;
  // Of that grid, only the texts that can touch the image are written: for a long thin image the
  // circle is mostly empty space, and writing all of it would be millions of texts (seconds of
  // work and gigabytes on the main thread). A text lies within this radius of its centre.
  const radius = Math.hypot(inkWidth / 2, (LINE_HEIGHT * fontSize) / 2) + 2 * outlineWidth(fontSize);
  const halfWidth = width / 2 + radius;
  const halfHeight = height / 2 + radius;
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  const pieces: Piece[] = [];
  const rows = Math.ceil(reach / rowPitch);
  const columns = Math.ceil(reach / columnPitch) + 1;
  for (let row = -rows; row <= rows; row++) {
    const offset = row % 2 === 0 ? 0 : columnPitch / 2;
    const dy = row * rowPitch;
    // A text at (cx + t, cy + dy) before the rotation lands at cx + t·cos − dy·sin, cy + t·sin + dy·cos.
    const along = intersect(
      solveBetween(cos, -halfWidth + dy * sin, halfWidth + dy * sin),
      solveBetween(sin, -halfHeight - dy * cos, halfHeight - dy * cos),
    );
    if (!along) continue;
    const first = Math.max(-columns, Math.ceil((along[0] - offset) / columnPitch));
    const last = Math.min(columns, Math.floor((along[1] - offset) / columnPitch));
    for (let column = first; column <= last; column++) {
      const t = column * columnPitch + offset;
      // Where the text's centre lands once turned: it lies within the radius of it.
      const x = cx + t * cos - dy * sin;
      const y = cy + t * sin + dy * cos;
      pieces.push({
        svg: textElement(text, cx + t, cy + dy, fontSize),
        box: { left: x - radius, top: y - radius, right: x + radius, bottom: y + radius },
      });
    }
  }
  const rotation = angle === 0 ? '' : ` transform="rotate(${angle} ${round(cx)} ${round(cy)})"`;
  return { pieces, group: (inner) => `<g opacity="${alpha}"${rotation}>${inner}</g>` };
}

/** The values of t with lo ≤ k·t ≤ hi: an interval, all numbers, or none. */
function solveBetween(k: number, lo: number, hi: number): [number, number] | null {
  if (Math.abs(k) < 1e-9) return lo <= 0 && hi >= 0 ? [-Infinity, Infinity] : null;
  return k > 0 ? [lo / k, hi / k] : [hi / k, lo / k];
}

function intersect(a: [number, number] | null, b: [number, number] | null): [number, number] | null {
  if (!a || !b) return null;
  const from = Math.max(a[0], b[0]);
  const to = Math.min(a[1], b[1]);
  return from <= to ? [from, to] : null;
}

/** White letters with a dark outline painted beneath, legible on light skies and dark interiors. */
function textElement(text: string, centreX: number, centreY: number, fontSize: number): string {
  return (
    `<text x="${round(centreX)}" y="${round(centreY + BASELINE_BELOW_CENTRE * fontSize)}" ` +
    `font-size="${round(fontSize)}" text-anchor="middle" fill="#fff" stroke="#000" stroke-opacity="0.5" ` +
    `stroke-width="${round(outlineWidth(fontSize))}" stroke-linejoin="round" paint-order="stroke">` +
    `${escapeXml(text)}</text>`
  );
}

function outlineWidth(fontSize: number): number {
  // Painted beneath the fill, so only half of it shows around the letters.
  return Math.max(1.5, 0.07 * fontSize);
}

const measured = new Map<string, number>();

/** Ink width of the text in px at fontSize, measured with Pango in the font librsvg draws it in. */
async function textWidth(text: string, fontSize: number): Promise<number> {
  let atMeasureSize = measured.get(text);
  if (atMeasureSize === undefined) {
    const { info } = await sharp({
      text: { text: escapeXml(text), font: `DejaVu Sans Bold ${MEASURE_PX}px`, rgba: true },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    atMeasureSize = info.width;
    // Settings change rarely; the bound only stops a stream of distinct texts from growing it.
    if (measured.size >= 64) measured.clear();
    measured.set(text, atMeasureSize);
  }
  return (atMeasureSize * fontSize) / MEASURE_PX;
}

/** User text goes into SVG and Pango markup: it must never be read as markup. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
