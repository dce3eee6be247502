/**
 * How many pixels the images being made at once may hold between them. An import runs two
 * derivative jobs at a time (scripts/import.ts): small images go side by side, but a large photo's
 * sizes and full-size download take ~100–200 MB of libvips' memory while they are made, so an image
 * as large as the whole budget is made alone. First come, first served: a large image waiting is
 * not passed by the small ones behind it.
 */
export class PixelBudget {
  private used = 0;
  private readonly waiting: { share: number; go: () => void }[] = [];

  constructor(private readonly total: number) {}

  /** Runs `work` once `pixels` (at most the whole budget; unknown counts as all of it) are free. */
  async run<T>(pixels: number | null, work: () => Promise<T>): Promise<T> {
    const share = Math.min(pixels ?? this.total, this.total);
    if (this.waiting.length > 0 || this.used + share > this.total) {
      await new Promise<void>((go) => this.waiting.push({ share, go }));
    } else {
      this.used += share;
    }
    try {
      return await work();
    } finally {
      this.used -= share;
      this.next();
    }
  }

  private next() {
    for (
      let first = this.waiting[0];
      first && this.used + first.share <= this.total;
      first = this.waiting[0]
    ) {
      this.waiting.shift();
      this.used += first.share;
      first.go();
    }
  }
}

/** One camera photo (8 megapixels and up) at a time; a hundred 300 × 200 scans beside each other. */
export const IMAGE_PIXELS_AT_ONCE = 8_000_000;
export const imagePixels = new PixelBudget(IMAGE_PIXELS_AT_ONCE);
