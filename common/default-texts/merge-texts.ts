/** A default text of one key, and how generated.ts and by-hand.ts make it (default-texts.ts). */
export interface DefaultText {
  fo: string;
  en?: string;
  /** A note for the translators: where the text shows, what it means. */
  context?: string;
  /**
   * The Faroese text an earlier release seeded for this key: a row still holding it was never
   * edited, so it gets `fo` at the next start (seed-default-texts.ts); an edited row is kept.
   */
  formerFo?: string;
}

/** What by-hand.ts says of one key beyond the web's own text (generated.ts). */
export interface TextByHand {
  /** The Faroese text, where it is not the web's text. */
  fo?: string;
  /** The English text, where it is not the web's text; null when there is none yet. */
  en?: string | null;
  context?: string;
  formerFo?: string;
}

/**
 * The default text of each key of `web`: the web's text as both languages, unless `byHand` gives
 * them. A key whose fallback in the web is not a literal (null) takes its texts from `byHand`.
 */
export function mergeTexts(
  web: Readonly<Record<string, string | null>>,
  byHand: Readonly<Record<string, TextByHand>>,
): Record<string, DefaultText> {
  const texts: Record<string, DefaultText> = {};
  for (const [key, webText] of Object.entries(web)) {
    const own: TextByHand = Object.hasOwn(byHand, key) ? byHand[key]! : {};
    const fo = own.fo ?? webText;
    if (fo === null) {
      throw new Error(
        `Text ${key}: its fallback in the web is not a literal, so common/default-texts/by-hand.ts gives its fo.`,
      );
    }
    const en = own.en === null ? undefined : (own.en ?? webText ?? fo);
    texts[key] = {
      fo,
      ...(en === undefined ? {} : { en }),
      ...(own.context === undefined ? {} : { context: own.context }),
      ...(own.formerFo === undefined ? {} : { formerFo: own.formerFo }),
    };
  }
  return texts;
}
