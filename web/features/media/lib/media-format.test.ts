import { describe, expect, it } from 'vitest';
import { formatMegabytes } from '#web/lib/format-size.ts';
import {
  downloadUrl,
  formatArchiveDate,
  formatCopyrightStatus,
  formatDimensions,
  formatFileFormat,
  mediaDisplayId,
} from './media-format.ts';

describe('formatMegabytes', () => {
  it('shows MB with one decimal', () => {
    expect(formatMegabytes(1_572_864)).toBe('1.5 MB');
    expect(formatMegabytes(6_600_000)).toBe('6.3 MB');
    expect(formatMegabytes(1024)).toBe('0.0 MB');
    expect(formatMegabytes(0)).toBe('0.0 MB');
    expect(formatMegabytes(10 * 1024 * 1024)).toBe('10.0 MB');
  });
});

describe('formatCopyrightStatus', () => {
  it('shows underscores as spaces', () => {
    expect(formatCopyrightStatus('public_domain')).toBe('public domain');
    expect(formatCopyrightStatus('creative_commons')).toBe('creative commons');
    expect(formatCopyrightStatus('copyrighted')).toBe('copyrighted');
  });
  it("shows 'Unknown' (or the given text) when absent or unknown", () => {
    expect(formatCopyrightStatus(null)).toBe('Unknown');
    expect(formatCopyrightStatus(undefined)).toBe('Unknown');
    expect(formatCopyrightStatus('')).toBe('Unknown');
    expect(formatCopyrightStatus('unknown')).toBe('Unknown');
    expect(formatCopyrightStatus(null, 'Ókent')).toBe('Ókent');
  });
});

describe('mediaDisplayId', () => {
  it('uses the display id, else # and the first 8 characters uppercased', () => {
    expect(mediaDisplayId({ id: '3f2a9c1e-aaaa-bbbb-cccc-000000000000', displayId: 'PHOTO-00123' })).toBe(
      'PHOTO-00123',
    );
    expect(mediaDisplayId({ id: '3f2a9c1e-aaaa-bbbb-cccc-000000000000', displayId: '' })).toBe('#3F2A9C1E');
  });
});

describe('formatArchiveDate', () => {
  it('writes a calendar day day-first with dots, without a time-zone shift', () => {
    expect(formatArchiveDate('1952-06-14')).toBe('14.06.1952');
    expect(formatArchiveDate('1900-01-01')).toBe('01.01.1900');
  });
  it('writes a timestamp in local time', () => {
    const local = new Date(2024, 2, 5, 23, 30).toISOString();
    expect(formatArchiveDate(local)).toBe('05.03.2024');
  });
  it('keeps free text as written and returns null for nothing', () => {
    expect(formatArchiveDate('1952')).toBe('1952');
    expect(formatArchiveDate(' summar 1930 ')).toBe('summar 1930');
    expect(formatArchiveDate(null)).toBeNull();
    expect(formatArchiveDate('  ')).toBeNull();
  });
});

describe('formatDimensions, formatFileFormat, downloadUrl', () => {
  it('formats dimensions only when both are known', () => {
    expect(formatDimensions(1600, 1200)).toBe('1600 × 1200 px');
    expect(formatDimensions(null, 1200)).toBeNull();
  });
  it('names the format by extension, else by MIME subtype', () => {
    expect(formatFileFormat('gøta.jpg', 'image/jpeg')).toBe('JPG');
    expect(formatFileFormat('scan', 'application/pdf')).toBe('PDF');
  });
  it('adds the download flag to the query', () => {
    expect(downloadUrl('/files/media/x/download?v=abc')).toBe('/files/media/x/download?v=abc&download');
    expect(downloadUrl('/files/media/x/original')).toBe('/files/media/x/original?download');
  });
});
