import { apiError } from '../../common/api.ts';

/** A non-2xx answer from the API, carrying the `{ code, message }` body the server sends. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type ApiInit = Omit<RequestInit, 'body'> & { body?: unknown };

/** Sends `body` as JSON and returns the parsed JSON answer (null for an empty one). */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<unknown> {
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
    const parsed = apiError.safeParse(data);
    if (parsed.success) throw new ApiRequestError(response.status, parsed.data.code, parsed.data.message);
    // Some answers (e.g. the rate limiter's) carry only a message.
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : response.statusText || `Request failed (${response.status})`;
    throw new ApiRequestError(response.status, `HTTP_${response.status}`, message);
  }
  return data;
}
