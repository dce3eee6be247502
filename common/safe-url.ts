/**
 * Which URLs an admin-set link (the custom document card's `custom_card_file_url`) may point
 * to: an absolute http(s) URL, or a path on this site (one leading '/'). Everything else —
 * javascript:, data:, vbscript:, protocol-relative '//host', 'mailto:', bare words — is refused,
 * so a setting can never turn a link or download on the public pages into script or a jump to
 * another site in disguise. The server validates settings with this and the web checks it again
 * before it draws a link, so a value stored before the rule existed links nowhere either.
 *
 * Zod-free and DOM-free: the public pages and the server import it alike.
 */

/**
 * Characters a browser's URL parser drops or reinterprets inside a URL (C0 controls such as tab
 * and newline are removed, so '/\t/evil.example' would become '//evil.example'; a backslash
 * counts as a slash), which would let a value look like one kind of URL and act as another.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const TRICKY = /[\u0000-\u001f\u007f\\]/;

/** True when `url` (surrounding whitespace aside) is an http(s) URL or a site-relative path. */
export function isSafeLinkUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  const value = url.trim();
  if (value === '' || TRICKY.test(value)) return false;
  // Site-relative: exactly one leading slash ('//host' is another site).
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!/^https?:\/\//i.test(value)) return false;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

/** The URL to link to, trimmed, or null when there is none or it is not safe to link to. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  return isSafeLinkUrl(url) ? url.trim() : null;
}
