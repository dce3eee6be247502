/**
 * "Do you know more about this photo?" sent as a form without script (DESIGN.md §4.9): the media
 * page's form POSTs to the page's own address, and the server answers with that page drawn again,
 * carrying what came of it under `KNOWLEDGE_FORM_RESULT` among the page's embedded answers. The
 * script's path sends the same fields as JSON to /api/knowledge. Zod-free: the public pages import it.
 */

/** The fields (the last is the bots' field: people leave it empty). */
export const KNOWLEDGE_FORM_FIELDS = [
  'who',
  'place',
  'time',
  'other',
  'contributorName',
  'contributorEmail',
  'website',
] as const;
export type KnowledgeFormField = (typeof KNOWLEDGE_FORM_FIELDS)[number];

/** What the visitor tells, each at most this long; a name and an address as submissions take them. */
export const KNOWLEDGE_TEXT_MAX = 2_000;

/** The key of the form's result among the page's embedded answers (web/lib/boot-data.ts). */
export const KNOWLEDGE_FORM_RESULT = 'knowledge?posted';

/** The hidden field that says the media page's POST is this form. */
export const KNOWLEDGE_FORM_MARK = 'knowledge';

export type KnowledgeFormResult =
  | { outcome: 'sent' }
  | {
      outcome: 'refused';
      /** Why (its code and the server's sentence). */
      error: { code: string; message: string };
      /** A field's problem, by field name. */
      issues: { path: string; message: string }[];
      /** What the visitor typed (the bots' field left out). */
      values: Partial<Record<KnowledgeFormField, string>>;
    };

/** The item's fields staff may put a contribution into (their names in the media API). */
export const KNOWLEDGE_FIELDS = [
  'description',
  'historicalContext',
  'keywords',
  'location',
  'originalDate',
] as const;
export type KnowledgeField = (typeof KNOWLEDGE_FIELDS)[number];

/** Add to what the field holds, or replace it (a date is always replaced). */
export const KNOWLEDGE_MODES = ['add', 'replace'] as const;
export type KnowledgeMode = (typeof KNOWLEDGE_MODES)[number];

/** Points an accepted contribution adds to the contributor's score, as an approved submission. */
export const ACCEPTED_KNOWLEDGE_POINTS = 10;
