import type { z } from 'zod';
import type { Folder, folderBody } from '#common/api/folders.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { notFound } from '#server/errors.ts';
import { logActivity } from '../activity/activity.public.ts';
import { presentFolder } from './folders.presenter.ts';
import * as repo from './folders.repository.ts';

type FolderBody = z.output<typeof folderBody>;

/** Every folder, by name (admin-back-office.md §7: folders ordered by name). */
export async function listFolders(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'folder:manage');
  return { folders: (await repo.listFolders(ctx.db)).map(presentFolder) };
}

export async function createFolder(ctx: AppContext, actor: Actor, body: FolderBody): Promise<Folder> {
  authorize(actor, 'folder:manage');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.createFolder(trx, { name: body.name, created_by: actor.id });
    await logActivity(trx, actor, 'folder.created', { id: created.id, name: created.name });
    return created;
  });
  return presentFolder({ ...row, media_count: 0 });
}

export async function renameFolder(
  ctx: AppContext,
  actor: Actor,
  { id, name }: FolderBody & { id: string },
): Promise<Folder> {
  authorize(actor, 'folder:manage');
  return ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.renameFolder(trx, id, name);
    if (!updated) throw notFound('Folder not found');
    await logActivity(trx, actor, 'folder.updated', { id, name });
    const { n } = await repo.countFolderMedia(trx, id);
    return presentFolder({ ...updated, media_count: n });
  });
}

/** Deletes a folder; its items stay, without a folder. */
export async function deleteFolder(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'folder:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteFolder(trx, id);
    if (!deleted) throw notFound('Folder not found');
    await logActivity(trx, actor, 'folder.deleted', { id, name: deleted.name });
  });
}
