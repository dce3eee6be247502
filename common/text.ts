/**
 * The one rule every text the API takes obeys: no NUL character (U+0000). PostgreSQL cannot store
 * it in `text`, so a NUL that reached a query was a 500; it is refused as a 400 before any handler
 * runs (server/http/request-guards.ts applies it to every query string, path parameter and JSON
 * body, and server/http/multipart.ts to form fields).
 */
export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000)';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
}

/**
 * The dotted path of the first string in `value` (at any depth, keys included) holding a NUL.
 * Walked with a stack of its own, not by recursion: a body nested 500,000 deep overflowed the call
 * stack (a 500 and a logged stack trace per request). A path is spelled out only for the NUL found.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  const pending: Visit[] = [{ value, key: path, parent: undefined }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const item = visit.value;
    if (visit.parent && !Array.isArray(visit.parent.value) && visit.key.includes('\0')) return pathOf(visit);
    if (typeof item === 'string') {
      if (item.includes('\0')) return pathOf(visit);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    // Pushed last to first, so the first child is looked at first (the path named is the first NUL).
    const entries = Array.isArray(item)
      ? item.map((child, i) => [String(i), child] as const)
      : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      pending.push({ value: child, key, parent: visit });
    }
  }
  return undefined;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at; at = at.parent) keys.push(at.key);
  return keys.reduceRight((path, key) => (path ? `${path}.${key}` : key), '');
}
