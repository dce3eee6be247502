/**
 * The IIIF Image API 3.0 request grammar (https://iiif.io/api/image/3.0/#4-image-requests):
 * `{region}/{size}/{rotation}/{quality}.{format}` parsed and worked out against an image's size
 * and the service's limits. Pure: no file is touched here.
 */

/** What a bad request is answered with: 400 for a request against the grammar or out of bounds, 501 for a valid one we do not do. */
export class IiifRequestError extends Error {
  constructor(
    readonly statusCode: 400 | 501,
    message: string,
  ) {
    super(message);
  }
}

const bad = (message: string) => new IiifRequestError(400, message);

/**
 * The service's bounds, declared in info.json: no answer is larger than this, so no request makes
 * the server decode or encode without bound (a 6000 × 4000 photo's `max` is scaled to fit).
 */
export const IIIF_LIMITS = {
  maxWidth: 6000,
  maxHeight: 6000,
  maxArea: 12_000_000,
} as const;

export const IIIF_QUALITIES = ['default', 'color', 'gray', 'bitonal'] as const;
export type IiifQuality = (typeof IIIF_QUALITIES)[number];
export const IIIF_FORMATS = ['jpg', 'png', 'webp'] as const;
export type IiifFormat = (typeof IIIF_FORMATS)[number];
/** Formats the API names that this service does not make: a valid request, answered 501. */
const KNOWN_FORMATS = ['tif', 'gif', 'pdf', 'jp2'];

export const FORMAT_MIME: Record<IiifFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

type Region =
  | { kind: 'full' }
  | { kind: 'square' }
  | { kind: 'pixels'; x: number; y: number; w: number; h: number }
  | { kind: 'percent'; x: number; y: number; w: number; h: number };

type Size =
  | { kind: 'max'; up: boolean }
  | { kind: 'w'; up: boolean; w: number }
  | { kind: 'h'; up: boolean; h: number }
  | { kind: 'pct'; up: boolean; n: number }
  | { kind: 'wh'; up: boolean; w: number; h: number }
  | { kind: 'fit'; up: boolean; w: number; h: number };

export interface ParsedImageRequest {
  region: Region;
  size: Size;
  /** Clockwise degrees: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
  /** Mirrored left to right before the rotation. */
  mirror: boolean;
  quality: IiifQuality;
  format: IiifFormat;
}

const INTEGER = /^\d{1,9}$/;
// Decimal numbers as the specification writes them (no sign, no exponent); the digits bounded.
const DECIMAL = /^(?:\d{1,9}(?:\.\d{1,9})?|\.\d{1,9})$/;

const integer = (text: string, what: string) => {
  if (!INTEGER.test(text)) throw bad(`${what} must be a whole number, got "${text}"`);
  return Number(text);
};
const decimal = (text: string, what: string) => {
  if (!DECIMAL.test(text)) throw bad(`${what} must be a number, got "${text}"`);
  return Number(text);
};

function parseRegion(text: string): Region {
  if (text === 'full' || text === 'square') return { kind: text };
  const percent = text.startsWith('pct:');
  const parts = (percent ? text.slice(4) : text).split(',');
  if (parts.length !== 4) throw bad(`Region "${text}" is not full, square, x,y,w,h or pct:x,y,w,h`);
  const [x, y, w, h] = parts.map((p, i) =>
    percent ? decimal(p, `Region ${'xywh'[i]}`) : integer(p, `Region ${'xywh'[i]}`),
  ) as [number, number, number, number];
  if (w <= 0 || h <= 0) throw bad('Region width and height must be above zero');
  return { kind: percent ? 'percent' : 'pixels', x, y, w, h };
}

function parseSize(text: string): Size {
  const up = text.startsWith('^');
  const body = up ? text.slice(1) : text;
  if (body === 'max') return { kind: 'max', up };
  if (body.startsWith('pct:')) {
    const n = decimal(body.slice(4), 'Size percentage');
    if (n <= 0) throw bad('Size percentage must be above zero');
    return { kind: 'pct', up, n };
  }
  const fit = body.startsWith('!');
  const parts = (fit ? body.slice(1) : body).split(',');
  if (parts.length !== 2) throw bad(`Size "${text}" is not max, w,, ,h, pct:n, w,h or !w,h`);
  const [wText, hText] = parts as [string, string];
  if (!fit && wText === '' && hText !== '') return { kind: 'h', up, h: positive(hText, 'height') };
  if (!fit && hText === '' && wText !== '') return { kind: 'w', up, w: positive(wText, 'width') };
  const w = positive(wText, 'width');
  const h = positive(hText, 'height');
  return fit ? { kind: 'fit', up, w, h } : { kind: 'wh', up, w, h };
}

function positive(text: string, what: string) {
  const n = integer(text, `Size ${what}`);
  if (n === 0) throw bad(`Size ${what} must be above zero`);
  return n;
}

function parseRotation(text: string): Pick<ParsedImageRequest, 'rotation' | 'mirror'> {
  const mirror = text.startsWith('!');
  const degrees = decimal(mirror ? text.slice(1) : text, 'Rotation');
  if (degrees > 360) throw bad('Rotation must be between 0 and 360');
  const turned = degrees % 360;
  if (turned !== 0 && turned !== 90 && turned !== 180 && turned !== 270) {
    throw new IiifRequestError(501, 'Only rotations by multiples of 90 degrees are supported');
  }
  return { rotation: turned, mirror };
}

function parseQualityFormat(text: string): Pick<ParsedImageRequest, 'quality' | 'format'> {
  const dot = text.lastIndexOf('.');
  if (dot <= 0) throw bad(`"${text}" is not {quality}.{format}`);
  const quality = text.slice(0, dot);
  const format = text.slice(dot + 1);
  if (!(IIIF_QUALITIES as readonly string[]).includes(quality)) {
    throw bad(`Quality must be one of ${IIIF_QUALITIES.join(', ')}, got "${quality}"`);
  }
  if (!(IIIF_FORMATS as readonly string[]).includes(format)) {
    if (KNOWN_FORMATS.includes(format)) {
      throw new IiifRequestError(501, `Format ${format} is not supported: ${IIIF_FORMATS.join(', ')}`);
    }
    throw bad(`Format must be one of ${IIIF_FORMATS.join(', ')}, got "${format}"`);
  }
  return { quality: quality as IiifQuality, format: format as IiifFormat };
}

/** The four path segments after the identifier, as decoded by the router. */
export function parseImageRequest(
  region: string,
  size: string,
  rotation: string,
  qualityFormat: string,
): ParsedImageRequest {
  return {
    region: parseRegion(region),
    size: parseSize(size),
    ...parseRotation(rotation),
    ...parseQualityFormat(qualityFormat),
  };
}

/** A request worked out against one image: which pixels, at what size. */
export interface ImagePlan {
  /** The region in the full image's pixels, clipped to the image. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** The size it is scaled to, before rotation. */
  width: number;
  height: number;
  rotation: ParsedImageRequest['rotation'];
  mirror: boolean;
  quality: IiifQuality;
  format: IiifFormat;
}

function regionPixels(region: Region, W: number, H: number) {
  switch (region.kind) {
    case 'full':
      return { x: 0, y: 0, w: W, h: H };
    case 'square': {
      const side = Math.min(W, H);
      return { x: Math.floor((W - side) / 2), y: Math.floor((H - side) / 2), w: side, h: side };
    }
    case 'pixels':
      return region;
    case 'percent': {
      const x = Math.round((region.x * W) / 100);
      const y = Math.round((region.y * H) / 100);
      return {
        x,
        y,
        w: Math.max(1, Math.round((region.w * W) / 100)),
        h: Math.max(1, Math.round((region.h * H) / 100)),
      };
    }
  }
}

/** The largest size with this aspect within the service's limits (and, without `^`, the region). */
function maxSize(w: number, h: number, up: boolean) {
  let scale = Math.min(
    IIIF_LIMITS.maxWidth / w,
    IIIF_LIMITS.maxHeight / h,
    Math.sqrt(IIIF_LIMITS.maxArea / (w * h)),
  );
  if (!up) scale = Math.min(scale, 1);
  return {
    width: Math.max(1, Math.floor(w * scale)),
    height: Math.max(1, Math.floor(h * scale)),
  };
}

function scaledSize(size: Size, w: number, h: number) {
  switch (size.kind) {
    case 'max':
      return maxSize(w, h, size.up);
    case 'w':
      return { width: size.w, height: Math.round((size.w * h) / w) };
    case 'h':
      return { width: Math.round((size.h * w) / h), height: size.h };
    case 'pct':
      return { width: Math.round((w * size.n) / 100), height: Math.round((h * size.n) / 100) };
    case 'wh':
      return { width: size.w, height: size.h };
    case 'fit': {
      // "As large as possible but not larger than the extracted region [without ^], w or h, or
      // server-imposed limits" (Image API 3.0 §4.2): a box beyond those answers the largest size
      // within them, never a 400.
      const scale = Math.min(size.w / w, size.h / h);
      const width = Math.round(w * scale);
      const height = Math.round(h * scale);
      const largest = maxSize(w, h, size.up);
      return width > largest.width || height > largest.height ? largest : { width, height };
    }
  }
}

/**
 * The plan for one request on an image of `W` × `H` (as shown: upright, watermarked). A region
 * wholly outside the image, a size of zero, a size above the region's without `^` or above the
 * service's limits is a 400, as the specification says.
 */
export function planImage(request: ParsedImageRequest, W: number, H: number): ImagePlan {
  const wanted = regionPixels(request.region, W, H);
  if (wanted.x >= W || wanted.y >= H) throw bad('The region lies outside the image');
  const region = {
    x: wanted.x,
    y: wanted.y,
    w: Math.min(wanted.w, W - wanted.x),
    h: Math.min(wanted.h, H - wanted.y),
  };
  const { width, height } = scaledSize(request.size, region.w, region.h);
  if (width < 1 || height < 1) throw bad('The requested size is less than one pixel');
  if (!request.size.up && (width > region.w || height > region.h)) {
    throw bad('The requested size is larger than the region: ask with ^ to scale up');
  }
  if (
    width > IIIF_LIMITS.maxWidth ||
    height > IIIF_LIMITS.maxHeight ||
    width * height > IIIF_LIMITS.maxArea
  ) {
    throw bad(
      `The requested size is beyond this service's limits (maxWidth ${IIIF_LIMITS.maxWidth}, maxHeight ${IIIF_LIMITS.maxHeight}, maxArea ${IIIF_LIMITS.maxArea})`,
    );
  }
  return {
    ...region,
    width,
    height,
    rotation: request.rotation,
    mirror: request.mirror,
    quality: request.quality,
    format: request.format,
  };
}

/**
 * The canonical form of a plan's URL part (https://iiif.io/api/image/3.0/#47-canonical-uri-syntax):
 * region `full` or x,y,w,h; size `max` or w,h (with `^` when scaled up); rotation as a whole
 * number; quality `default` for the default (colour) one.
 */
export function canonicalPath(plan: ImagePlan, W: number, H: number): string {
  const full = plan.x === 0 && plan.y === 0 && plan.w === W && plan.h === H;
  const region = full ? 'full' : `${plan.x},${plan.y},${plan.w},${plan.h}`;
  const max = maxSize(plan.w, plan.h, false);
  const up = plan.width > plan.w || plan.height > plan.h;
  const size =
    !up && plan.width === max.width && plan.height === max.height
      ? 'max'
      : `${up ? '^' : ''}${plan.width},${plan.height}`;
  const rotation = `${plan.mirror ? '!' : ''}${plan.rotation}`;
  const quality = plan.quality === 'color' ? 'default' : plan.quality;
  return `${region}/${size}/${rotation}/${quality}.${plan.format}`;
}
