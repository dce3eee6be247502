import { AppError } from '#server/errors.ts';

/** Why one file was refused; the message is shown next to that file, the batch goes on. */
export class IngestError extends AppError {
  /** The sender's file name (made safe), so a batch can show the reason beside the right file. */
  fileName: string | undefined;

  constructor(code: string, message: string, statusCode = 400, fileName?: string) {
    super(statusCode, code, message);
    this.fileName = fileName;
  }
}
