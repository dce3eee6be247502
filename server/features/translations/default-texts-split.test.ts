import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { DEFAULT_TEXTS as BEFORE } from './default-texts.ts';

// One-off: the texts of common/default-texts/ are those of the hand-written list they replace,
// key for key, but for the three the web no longer uses (and a context for language.fo).
describe('the default texts made of generated.ts and by-hand.ts', () => {
  it('equal the former list for every key', () => {
    for (const [key, { context, ...text }] of Object.entries(DEFAULT_TEXTS)) {
      expect(text, key).toStrictEqual(BEFORE[key]);
      // The one context added: why this Faroese text is the English one too.
      if (key !== 'language.fo') expect(context, key).toBeUndefined();
    }
    expect(BEFORE['language.fo']!.context).toBeUndefined();
    expect(Object.keys(BEFORE).filter((key) => !Object.hasOwn(DEFAULT_TEXTS, key))).toEqual([
      'auth.login_failed.network',
      'lightbox.zoom_group',
      'admin.slideshows.title_required',
    ]);
  });
});
