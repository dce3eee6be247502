/**
 * The one wait of the tests for something that happens in its own time (a job done, a server's
 * rows written, an item's derivatives made): asks `check` every `everyMs` until it answers
 * something other than false, null or undefined, and returns that answer. After `timeoutMs` it
 * fails, naming `what` and the last answer. It waits for a thing to happen, never to prove that
 * one did not (that needs an event that says the work is over: see server/README.md, test/).
 */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  { timeoutMs = 30_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== false && answer !== null && answer !== undefined) return answer;
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting until ${what} (last answer: ${String(answer)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
