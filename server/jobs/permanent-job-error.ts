/**
 * A job that cannot succeed however often it is tried (a file refused for what it is, a decode
 * that ran out of its limits): it fails at once instead of being retried with back-off, which
 * for a decompression bomb meant five more runs of the same decode.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
