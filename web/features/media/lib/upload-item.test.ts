import { describe, expect, it } from 'vitest';
import { applySuggestions, DEFAULT_SHARED, initialFields } from './upload-item.ts';

const file = new File(['x'], 'Bryggjan 1930.final.jpg', { type: 'image/jpeg' });

describe('the upload form of one file', () => {
  it('starts from the file name without its extension and the shared values', () => {
    const fields = initialFields(file, { ...DEFAULT_SHARED, categoryId: 'c1', isFeatured: true });
    expect(fields).toMatchObject({
      title: 'Bryggjan 1930.final',
      categoryId: 'c1',
      isPublic: true,
      isFeatured: true,
    });
  });

  it("takes the file's suggestions into empty fields only, and says which", () => {
    const fields = { ...initialFields(file, DEFAULT_SHARED), photographer: 'Typed by staff' };
    const result = applySuggestions(fields, {
      caption: 'Bryggjan',
      creator: 'Joannes',
      takenAt: '1931-07-04T23:30:00',
      copyright: 'Gotu Sokn',
    });
    expect(result.fields).toMatchObject({
      description: 'Bryggjan',
      photographer: 'Typed by staff',
      originalDate: '1931-07-04',
      copyrightHolder: 'Gotu Sokn',
    });
    expect(Object.keys(result.suggested).sort()).toEqual(['copyrightHolder', 'description', 'originalDate']);
  });

  it('keeps a date that is not an EXIF date as it is', () => {
    const { fields } = applySuggestions(initialFields(file, DEFAULT_SHARED), { takenAt: 'summer 1931' });
    expect(fields.originalDate).toBe('summer 1931');
  });
});
