import { parseMediaPath, UPLOAD_ID_PATTERN } from '@examprep/contracts';
import {
  baseName,
  contentTypeOfPath,
  locationOf,
  newUploadId,
  stagingKey,
  stampedKey,
  stampedPrefix,
} from './locations';

describe('path -> bucket/key', () => {
  it.each([
    ['Images/AB12-que.png', 'media'],
    ['Images/AB12-exp.png', 'media'],
    ['VideoSolutions/AB12-vid.mp4', 'media'],
    ['Workbooks/TEAS-Math-Workbook.pdf', 'workbooks'],
    ['Workbooks/TEAS-Math-Workbook/videos/01-ratios.mp4', 'workbooks'],
    ['Downloads/free-3d-assets.zip', 'workbooks'],
    ['Downloads/med-dosage-conversions.pdf', 'workbooks'],
  ])('%s is in the %s bucket under its own path', (path, role) => {
    expect(locationOf(parseMediaPath(path)!)).toEqual({ role, key: path });
  });

  it('staged uploads and stamped copies', () => {
    expect(stagingKey('a'.repeat(24))).toBe(`staging/${'a'.repeat(24)}`);
    expect(stampedPrefix('u1')).toBe('Stamped/u1/');
    const k = stampedKey('u1', 'etag1', 'a@b.c');
    expect(k).toMatch(/^Stamped\/u1\/[0-9a-f]{32}\.pdf$/);
    expect(stampedKey('u1', 'etag1', 'a@b.c')).toBe(k);
    expect(stampedKey('u1', 'etag2', 'a@b.c')).not.toBe(k);
    expect(stampedKey('u1', 'etag1', 'x@b.c')).not.toBe(k);
  });

  it('upload ids are 24 lowercase letters and digits, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, newUploadId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UPLOAD_ID_PATTERN);
  });

  it('content types and names of downloads', () => {
    expect(contentTypeOfPath('Downloads/a.pdf')).toBe('application/pdf');
    expect(contentTypeOfPath('Downloads/a.zip')).toBe('application/zip');
    expect(contentTypeOfPath('Downloads/a.jpg')).toBe('image/jpeg');
    expect(contentTypeOfPath('Downloads/a.bin')).toBe('application/octet-stream');
    expect(baseName('Downloads/free-3d-assets.zip')).toBe('free-3d-assets.zip');
  });
});
