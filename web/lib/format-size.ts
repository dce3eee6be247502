const BYTES_PER_MB = 1024 * 1024;

/** File sizes are shown in MB with one decimal (admin §9, public §9): 1_572_864 → '1.5 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = Math.max(0, bytes) / BYTES_PER_MB;
  return `${mb.toFixed(1)} MB`;
}
