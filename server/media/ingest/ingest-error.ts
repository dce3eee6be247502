import { AppError } from '../../http/errors.ts';

/** Why one file was refused; the message is shown next to that file, the batch goes on. */
export class IngestError extends AppError {
  constructor(code: string, message: string, statusCode = 400) {
    super(statusCode, code, message);
  }
}
