import type { Language } from './enums.ts';
import type { TextScope } from './translations.ts';

/**
 * The address of the messages of one language (GET /api/translations, common/translations.ts).
 * The server embeds the public pages' in every page it draws (server/web/boot-data.ts) under this
 * very address, where the web app looks for them. A module of its own, without zod, so the public
 * bundle takes this function and not the schemas beside it.
 */
export const messagesPath = (lang: Language, scope: TextScope) =>
  scope === 'all' ? `/api/translations?lang=${lang}` : `/api/translations?lang=${lang}&scope=${scope}`;
