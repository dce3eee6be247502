import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileMetadataFromTags, METADATA_TAG_OPTIONS } from './file-metadata.ts';

describe('fileMetadataFromTags', () => {
  it("reads caption, creator, copyright and the camera's own date from a JPEG's EXIF", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({
        IFD0: {
          ImageDescription: 'Bryggjan',
          Artist: 'Joannes Patursson',
          Copyright: 'Gotu Sokn',
          Make: 'Leica',
          Model: 'III',
        },
        IFD2: { DateTimeOriginal: '1931:07:04 23:30:00' },
      })
      .toBuffer();
    expect(fileMetadataFromTags(await exifr.parse(jpeg, METADATA_TAG_OPTIONS))).toEqual({
      takenAt: '1931-07-04T23:30:00',
      camera: 'Leica III',
      caption: 'Bryggjan',
      creator: 'Joannes Patursson',
      copyright: 'Gotu Sokn',
    });
  });

  it('prefers IPTC texts, trims them, drops NULs and leaves out what is empty or out of range', () => {
    expect(
      fileMetadataFromTags({
        Caption: ' Bátar \0',
        ImageDescription: 'other',
        Byline: ['Anna', 'Jógvan'],
        Copyright: '   ',
        latitude: 95,
        longitude: 6.8,
      }),
    ).toEqual({ caption: 'Bátar', creator: 'Anna, Jógvan' });
    expect(fileMetadataFromTags({ Copyright: '' })).toBeNull();
    expect(fileMetadataFromTags(undefined)).toBeNull();
  });
});
