/** One field the server refused: `path` is the dotted field name ('keywords.0', 'title'). */
export interface ApiIssue {
  path: string;
  message: string;
}

/**
 * A non-2xx answer from the API, carrying the `{ code, message }` body the server sends, and for
 * `VALIDATION_ERROR` the `issues` per field (empty otherwise).
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: readonly ApiIssue[] = [],
    /** The figures an answer carries to be said in the reader's words (`{ items: 3 }`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** The well-formed `{ path, message }` entries of an error body's `issues`, if any. */
export function readIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((issue: unknown) => {
    if (!issue || typeof issue !== 'object') return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    // A path may come as 'a.b' or as zod's ['a', 'b'].
    const dotted = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
    return [{ path: dotted, message }];
  });
}

export type ApiInit = Omit<RequestInit, 'body'> & { body?: unknown };

/**
 * Sends `body` as JSON and returns the parsed JSON answer (null for an empty one), typed as `T`.
 * The answer is not validated again here: the server validates every response against the same
 * schema (common/api/) before sending, and leaving zod out keeps it out of the public bundle.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const { body, headers, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      if (response.ok)
        throw new ApiRequestError(response.status, 'INVALID_RESPONSE', 'Invalid server response');
    }
  }

  if (!response.ok) {
    // `{ code, message }` (common/api/shared.ts apiError); some answers (e.g. the rate limiter's) carry only a message.
    const answer = (data && typeof data === 'object' ? data : {}) as {
      code?: unknown;
      message?: unknown;
      issues?: unknown;
      details?: unknown;
    };
    const message =
      typeof answer.message === 'string'
        ? answer.message
        : response.statusText || `Request failed (${response.status})`;
    const code = typeof answer.code === 'string' ? answer.code : `HTTP_${response.status}`;
    const details =
      answer.details && typeof answer.details === 'object' ? (answer.details as Record<string, unknown>) : {};
    throw new ApiRequestError(response.status, code, message, readIssues(answer.issues), details);
  }
  return data as T;
}
