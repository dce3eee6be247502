/**
 * The import's progress bar on a terminal: files and bytes done of all, the rate, the time left
 * and how many were refused so far; redrawn at most ten times a second on one line. Off a terminal
 * (a log, a pipe) it writes nothing: the summary and the report say it all.
 */
export class ImportProgress {
  private files = 0;
  private bytes = 0;
  private refused = 0;
  private lastDraw = 0;
  private readonly started = performance.now();
  private phase = '';

  constructor(
    private readonly totalFiles: number,
    private readonly totalBytes: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {}

  private get live() {
    return this.out.isTTY === true;
  }

  add(bytes: number, refused: boolean) {
    this.files += 1;
    this.bytes += bytes;
    if (refused) this.refused += 1;
    this.draw();
  }

  /** A line shown after the bar, e.g. "making derivatives 3 of 8". */
  note(phase: string) {
    this.phase = phase;
    this.draw(true);
  }

  draw(force = false) {
    if (!this.live) return;
    const now = performance.now();
    if (!force && now - this.lastDraw < 100 && this.files < this.totalFiles) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? this.bytes / seconds : 0;
    const left = rate > 0 ? (this.totalBytes - this.bytes) / rate : Number.NaN;
    const share =
      this.totalBytes > 0 ? this.bytes / this.totalBytes : this.files / Math.max(1, this.totalFiles);
    const width = 24;
    const filled = Math.round(share * width);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
    const perSecond = seconds > 0 ? (this.files / seconds).toFixed(1) : '0';
    const line = `${bar} ${this.files}/${this.totalFiles} files  ${this.refused} refused  ${mb(this.bytes)}/${mb(this.totalBytes)}  ${perSecond} files/s ${mb(rate)}/s  ${duration(left)} left${this.phase ? `  ${this.phase}` : ''}`;
    this.out.write(`\r${line.slice(0, (this.out.columns ?? 120) - 1)}\x1b[K`);
  }

  end() {
    if (this.live) this.out.write('\n');
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
