import type { TestProject } from 'vitest/node';
import { startArchive } from './archive.ts';

/**
 * One archive per worker (vitest.config.ts `maxWorkers`): the files a worker runs, one at a time,
 * share its archive, and never another worker's (support.ts `baseUrl()` picks it by
 * VITEST_POOL_ID). No file relies on what another left in it: each makes what it needs.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startArchive()));
  const archives = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(archives.map((archive) => archive.stop()));
    throw failed.reason;
  }
  project.provide(
    'archives',
    archives.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  return async () => {
    await Promise.all(archives.map((archive) => archive.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    archives: { baseUrl: string; dataDir: string }[];
  }
}
