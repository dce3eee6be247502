/** The file name from a Content-Disposition header, if it carries one. */
function nameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = header.match(/filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = header.match(/filename\s*=\s*"?([^";]+)"?/i);
  return plain?.[1]?.trim() || null;
}

/**
 * Downloads the file at `url` (public-site.md §7: files are fetched as a blob) and saves it
 * under the server's name, else the URL's last segment. Our own /files URLs get `?download`, so
 * the server names the file and counts the download. If the fetch cannot be made (e.g. another site
 * that refuses cross-origin reads), the URL is opened instead; other failures are silent (§8).
 */
export async function downloadFile(url: string): Promise<void> {
  const target = new URL(url, window.location.href);
  const ours = target.origin === window.location.origin;
  if (ours && target.pathname.startsWith('/files/') && !target.searchParams.has('download')) {
    target.searchParams.set('download', '1');
  }
  let response: Response;
  try {
    response = await fetch(target, { credentials: ours ? 'same-origin' : 'omit' });
  } catch {
    window.open(target.href, '_blank', 'noopener');
    return;
  }
  if (!response.ok) return;
  try {
    const blob = await response.blob();
    const name =
      nameFromDisposition(response.headers.get('content-disposition')) ||
      decodeURIComponent(target.pathname.split('/').filter(Boolean).at(-1) ?? '') ||
      'download';
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Let the browser start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch {
    // A broken body: nothing useful to show (§8).
  }
}
