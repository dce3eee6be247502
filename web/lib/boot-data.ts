/**
 * The API answers the server embedded in the page (server/web/boot-data.ts), so the first screen
 * draws on its first render without waiting for the network. Each answer is used once, as the
 * initial data of the query that asks for that path first; later requests go to the server.
 */
const answers = new Map<string, unknown>();

/** The same path whatever the order of its query parameters. */
function keyOf(path: string): string {
  const url = new URL(path, 'http://archive.invalid');
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams}`;
}

/** Reads the embedded answers once, at start. */
export function readBootData(elementId = 'boot-data') {
  const element = document.getElementById(elementId);
  if (!element?.textContent) return;
  try {
    const data = JSON.parse(element.textContent) as Record<string, unknown>;
    for (const [path, body] of Object.entries(data)) answers.set(keyOf(path), body);
  } catch {
    // A damaged block only means the page asks the server itself.
  }
  element.remove();
}

/** The embedded answer for a GET of `path`, handed out once; undefined when there is none. */
export function takeBootData<T = unknown>(path: string): T | undefined {
  const key = keyOf(path);
  if (!answers.has(key)) return undefined;
  const body = answers.get(key) as T;
  answers.delete(key);
  return body;
}
