/**
 * What the rest of the server and scripts/texts.ts may use of the texts besides their service:
 * the default texts, seeded at start, and the scan of the web's t() calls they are checked against.
 */
export { DEFAULT_TEXTS } from './default-texts.ts';
export { seedDefaultTexts } from './seed-default-texts.ts';
export {
  compareTexts,
  type DefaultText,
  entrySource,
  looksEnglish,
  publicModules,
  scanWeb,
  type TextUse,
} from './text-scanner.ts';
