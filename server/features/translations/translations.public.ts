/**
 * What the rest of the server and scripts/texts.ts may use of the texts besides their service:
 * the seeding of the default texts (common/default-texts/) at start, and the scan of the web's t()
 * calls they are generated from and checked against.
 */
export { seedDefaultTexts } from './seed-default-texts.ts';
export {
  compareTexts,
  publicModules,
  scanWeb,
  type TextUse,
  textsByHandProblems,
  webTexts,
  webTextsSource,
} from './text-scanner.ts';
