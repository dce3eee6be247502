/**
 * An error the API reports to the client as `{ code, message }` with its HTTP status, and `details`
 * when the client needs figures to say it in its own words (a place's item count).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Readonly<Record<string, number | string>>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'Please sign in.');
export const forbidden = (message = "You don't have permission to do this.") =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
