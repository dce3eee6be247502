import { z } from 'zod';

/** Folders (admin-back-office.md §3 folders). */

export const folderRef = z.object({ id: z.uuid(), name: z.string() });

export const folder = folderRef.extend({ mediaCount: z.number().int().nonnegative() });
export type Folder = z.infer<typeof folder>;
export const foldersResponse = z.object({ folders: z.array(folder) });
export const folderBody = z.object({ name: z.string().trim().min(1, 'Folder name is required').max(100) });
export const folderResponse = z.object({ folder });
