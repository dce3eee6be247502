/**
 * The one rule every text the API takes obeys: no NUL character (U+0000). PostgreSQL cannot store
 * it in `text`, so a NUL that reached a query was a 500; it is refused as a 400 before any handler
 * runs (server/http/request-guards.ts applies it to every query string, path parameter and JSON
 * body, and server/http/multipart.ts to form fields).
 */
export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000)';

/** The dotted path of the first string in `value` (at any depth, keys included) holding a NUL. */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return itemPath;
    const found = findNul(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
