import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { inject } from 'vitest';
import { PgliteThread } from '../db/pglite-thread.ts';

/**
 * An archive's embedded database, migrated, for tests that make a DATA_DIR for a real process (the
 * server, the scripts): a copy of one folder made once per run from the migrated template
 * (global-setup.ts). Migrating anew costs ~6 s of CPU, loading the template's dump into a folder
 * ~1.6 s, copying the folder ~0.2 s (measured with process.cpuUsage on a two-core machine).
 */
export async function copyMigratedPglite(target: string): Promise<void> {
  cpSync(await migratedFolder(), target, { recursive: true });
}

let made: Promise<string> | undefined;

/**
 * The folder beside the template's dump (named after it: one per run, removed with it). Loaded
 * under another name and renamed into place: the test processes of a run may each make it at once.
 */
function migratedFolder(): Promise<string> {
  made ??= (async () => {
    const template = inject('pgliteTemplate');
    const folder = `${template}.d`;
    if (existsSync(folder)) return folder;
    const partial = `${folder}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    const thread = await PgliteThread.start({
      dataDir: partial,
      loadDataDir: new Blob([readFileSync(template)]),
    });
    await thread.close();
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another process made it first: theirs is the same.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
    return folder;
  })();
  made.catch(() => {
    made = undefined;
  });
  return made;
}
