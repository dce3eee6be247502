/**
 * The `?next=` target after sign-in, kept only when it is a path on this site: it must start with
 * one '/' (not '//' or '/\', which browsers treat as another host), so a crafted link cannot send
 * a user to a look-alike site after they typed their password.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function withNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}
