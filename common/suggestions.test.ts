import { describe, expect, it } from 'vitest';
import { parseDismissed, type SuggestionStats, suggestionsFor } from './suggestions.ts';

const healthy: SuggestionStats = {
  totalMedia: 100,
  categorizedMedia: 70,
  totalCategories: 4,
  pendingSubmissions: 0,
  featuredMedia: 3,
};
const ids = (stats: Partial<SuggestionStats>, dismissed?: string[]) =>
  suggestionsFor({ ...healthy, ...stats }, dismissed).map((s) => s.id);

describe('the dashboard’s suggestions', () => {
  it('suggest nothing for a tidy archive (exactly 70 % categorized is enough)', () => {
    expect(ids({})).toEqual([]);
  });

  it('suggest organising media below 70 % categorized, with the share', () => {
    const [organize] = suggestionsFor({ ...healthy, categorizedMedia: 69 });
    expect(organize).toMatchObject({ id: 'organize-media', priority: 'medium', path: '/admin/media' });
    expect(organize!.values.percent).toBe(69);
    // 69.5 % is below 70 %, though it rounds to 70.
    expect(ids({ totalMedia: 200, categorizedMedia: 139 })).toEqual(['organize-media']);
  });

  it("suggest reviewing visitors' names for people on photos (issue 29 §2), after the knowledge", () => {
    expect(ids({ pendingNames: 0 })).toEqual([]);
    const list = suggestionsFor({ ...healthy, pendingKnowledge: 1, pendingNames: 2 });
    expect(list.map((s) => s.id)).toEqual(['review-knowledge', 'review-names']);
    expect(list[1]).toMatchObject({
      priority: 'high',
      path: '/admin/people/suggestions',
      action: 'submission:review',
      values: { count: 2 },
    });
  });

  it('make pending submissions urgent, with their count', () => {
    const [review] = suggestionsFor({ ...healthy, pendingSubmissions: 3 });
    expect(review).toMatchObject({
      id: 'review-submissions',
      priority: 'urgent',
      path: '/admin/submissions',
      action: 'submission:review',
      values: { count: 3 },
    });
  });

  it('ask for categories and media in an empty archive, and nothing about organising', () => {
    expect(ids({ totalMedia: 0, categorizedMedia: 0, totalCategories: 0, featuredMedia: 0 })).toEqual([
      'create-categories',
      'upload-media',
    ]);
  });

  it('suggest featuring media when none is featured', () => {
    expect(suggestionsFor({ ...healthy, featuredMedia: 0 })).toMatchObject([
      { id: 'feature-media', priority: 'low' },
    ]);
  });

  it('sort urgent, high, medium, low and leave out dismissed ones', () => {
    const all = { totalCategories: 0, categorizedMedia: 0, featuredMedia: 0, pendingSubmissions: 1 };
    expect(suggestionsFor({ ...healthy, ...all }).map((s) => s.priority)).toEqual([
      'urgent',
      'high',
      'medium',
      'low',
    ]);
    expect(ids(all, ['review-submissions', 'feature-media'])).toEqual([
      'create-categories',
      'organize-media',
    ]);
  });

  it('read the dismissed list kept in the browser, ignoring anything else', () => {
    expect(parseDismissed(JSON.stringify(['feature-media']))).toEqual(['feature-media']);
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed('not json')).toEqual([]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('["a", 2]')).toEqual(['a']);
  });
});
