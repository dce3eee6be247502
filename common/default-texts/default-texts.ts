import { TEXTS_BY_HAND } from './by-hand.ts';
import { WEB_TEXTS } from './generated.ts';
import { type DefaultText, mergeTexts } from './merge-texts.ts';

/**
 * The texts the translations table starts with (server/features/translations/seed-default-texts.ts):
 * one for every key the web passes to `t()`. `fo` is what the site shows by default (the spec's
 * text, in Faroese or, where the spec writes it so, in English), `en` the English text. A key
 * without `en` shows its `fo` text to English visitors and is seeded as 'incomplete'; one with both
 * is 'complete'.
 *
 * Made of two files: generated.ts, every key with the web's fallback text (`npm run texts:update`
 * writes it from the web's t() calls), which is both the Faroese and the English text unless
 * by-hand.ts says otherwise; by-hand.ts, the keys whose Faroese and English differ, those without
 * English yet, and the translators' contexts.
 */
export const DEFAULT_TEXTS: Readonly<Record<string, DefaultText>> = mergeTexts(WEB_TEXTS, TEXTS_BY_HAND);
