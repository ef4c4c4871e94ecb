import { MEDIA_LIMITS } from '@examprep/contracts';
import { announceProblem, commitVerdict, uploadUsable } from './commit-rules';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1]);
const bytes = (s: string) => new TextEncoder().encode(s);
const MP4 = new Uint8Array([0, 0, 0, 24, ...bytes('ftypisom'), 0, 0, 2, 0, ...bytes('isomiso2')]);
const HTML = bytes('<!DOCTYPE html><html><body>hi</body></html>');
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]);

const announced = (size: number, slot: 'questionImage' | 'video' = 'questionImage') => ({
  slot,
  size,
  createdAt: new Date(1_000_000),
});

describe('commit rules (ADR 0020 §2)', () => {
  it('accepts what the bytes say, with the sniffed type', () => {
    expect(commitVerdict('questionImage', announced(100), 100, PNG)).toEqual({
      ok: true,
      contentType: 'image/png',
    });
    expect(commitVerdict('explanationImage', announced(100), 100, JPEG)).toEqual({
      ok: true,
      contentType: 'image/jpeg',
    });
    expect(commitVerdict('video', announced(500, 'video'), 500, MP4)).toEqual({
      ok: true,
      contentType: 'video/mp4',
    });
  });

  it('an HTML page for an image slot, a ZIP or a PNG for the video slot: 400 BAD_MEDIA_FILE', () => {
    expect(commitVerdict('questionImage', announced(HTML.length), HTML.length, HTML)).toEqual({
      ok: false,
      code: 'BAD_MEDIA_FILE',
      message: 'The file is not a PNG, JPEG or WebP image (its content was checked, not its name).',
    });
    for (const head of [ZIP, PNG])
      expect(commitVerdict('video', announced(100, 'video'), 100, head)).toEqual({
        ok: false,
        code: 'BAD_MEDIA_FILE',
        message: 'The file is not an MP4 video (its content was checked, not its name).',
      });
  });

  it('empty, size mismatch, over the limit, missing', () => {
    expect(commitVerdict('questionImage', announced(10), 0, new Uint8Array())).toMatchObject({
      ok: false,
      code: 'BAD_MEDIA_FILE',
      message: 'The file is empty.',
    });
    expect(commitVerdict('questionImage', announced(10), 11, PNG)).toMatchObject({
      ok: false,
      code: 'BAD_MEDIA_FILE',
      message: 'The uploaded file is not the size that was announced. Please upload it again.',
    });
    const big = MEDIA_LIMITS.imageMaxBytes + 1;
    expect(commitVerdict('questionImage', announced(big), big, PNG)).toMatchObject({
      ok: false,
      message: 'Images must be at most 5 MB.',
    });
    expect(commitVerdict('questionImage', announced(10), null, new Uint8Array())).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: 'The upload was not found or has expired. Please choose the file again.',
    });
  });

  it('an upload is usable for its own slot until the staging sweep age', () => {
    const u = announced(10);
    expect(uploadUsable(null, 'questionImage', 1_000_001)).toBe(false);
    expect(uploadUsable(u, 'questionImage', 1_000_001)).toBe(true);
    expect(uploadUsable(u, 'video', 1_000_001)).toBe(false);
    expect(uploadUsable(u, 'questionImage', 1_000_000 + MEDIA_LIMITS.stagingMaxAgeMs)).toBe(false);
  });

  it('announce: the slot decides type and size', () => {
    expect(announceProblem({ slot: 'questionImage', contentType: 'image/webp', size: 5 })).toBeNull();
    expect(announceProblem({ slot: 'questionImage', contentType: 'video/mp4', size: 5 })).toEqual({
      field: 'contentType',
      message: 'Images must be PNG, JPEG or WebP files.',
    });
    expect(announceProblem({ slot: 'video', contentType: 'image/png', size: 5 })).toEqual({
      field: 'contentType',
      message: 'Videos must be MP4 files.',
    });
    expect(
      announceProblem({ slot: 'explanationImage', contentType: 'image/png', size: MEDIA_LIMITS.imageMaxBytes + 1 }),
    ).toEqual({ field: 'size', message: 'Images must be at most 5 MB.' });
    expect(
      announceProblem({ slot: 'video', contentType: 'video/mp4', size: MEDIA_LIMITS.videoMaxBytes }),
    ).toBeNull();
  });
});
