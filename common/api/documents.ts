import { z } from 'zod';
import { DOCUMENT_CATEGORIES } from '../enums.ts';
import { listQuery, listResponse } from '../list.ts';
import { formBoolean, optionalText } from './shared.ts';

/** Documents: upload, the public latest document, and the staff screen (admin-back-office.md "Documents", §3, §5, §7). */

/** The fields sent with a document to POST /api/documents (multipart: fields first, then the file). */
export const uploadDocumentFields = z.object({
  title: optionalText(300),
  description: optionalText(10_000),
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
  isPublic: formBoolean.optional(),
  isFeatured: formBoolean.optional(),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFields>;

export const documentItem = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(DOCUMENT_CATEGORIES),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  downloadCount: z.number(),
  url: z.string(),
  createdAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;
export const documentItemResponse = z.object({ document: documentItem });

export const latestDocumentResponse = z.object({ document: documentItem.nullable() });
export const downloadCountResponse = z.object({ downloadCount: z.number() });

/** Newest first; `q` matches title, description or file name; `category` one of the four. */
export const adminDocumentListQuery = listQuery(['newest', 'oldest', 'title', 'downloads'], {
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
});
export type AdminDocumentSort = z.infer<typeof adminDocumentListQuery>['sort'];
export const adminDocumentListResponse = listResponse(documentItem);
/** The tiles: every document, public, featured, and downloads summed (exact). */
export const adminDocumentStatsResponse = z.object({
  total: z.number().int().nonnegative(),
  public: z.number().int().nonnegative(),
  featured: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
});
export type AdminDocumentStats = z.infer<typeof adminDocumentStatsResponse>;
/** Inline edit (title required, empty description → null) and the two toggles; only what is sent changes. */
export const updateDocumentBody = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(300),
    description: optionalText(10_000),
    isPublic: z.boolean(),
    isFeatured: z.boolean(),
  })
  .partial();
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;
