/**
 * `npm run bench [-- name …]`: runs the named benchmarks (all when none is named). Each prints its
 * figures and the ratio to a baseline measured in the same run.
 */
const benches: Record<string, () => Promise<void>> = {
  admin: async () => (await import('./admin.ts')).run(),
  api: async () => (await import('./api.ts')).run(),
  discover: async () => (await import('./discover.ts')).run(),
  duplicates: async () => (await import('./duplicates.ts')).run(),
  faces: async () => (await import('./faces.ts')).run(),
  import: async () => (await import('./import.ts')).run(),
  interop: async () => (await import('./interop.ts')).run(),
  load: async () => (await import('./load.ts')).run(),
  memory: async () => (await import('./memory.ts')).run(),
  media: async () => (await import('./media.ts')).run(),
  submission: async () => (await import('./media.ts')).submissionUpload(),
  web: async () => (await import('./web.ts')).run(),
};

const names = process.argv.slice(2).filter((a) => a !== '--');
const unknown = names.filter((n) => !(n in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const name of names.length > 0 ? names : Object.keys(benches)) {
  console.log(`\n## ${name}`);
  await benches[name]!();
}
export {};
