import { captureDownloads, readBlob } from '../../test-utils/capture-downloads';
import { downloadCsv, downloadJson, downloadTextFile, toJsonFile } from './index';

describe('file downloads', () => {
  const { blobs, clicked } = captureDownloads({
    href: (n) => `blob:file-${n}`,
    linkDetails: true,
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clicks a hidden link to the text, removes it and revokes the URL after the click', async () => {
    downloadTextFile('notes.txt', 'hello', 'text/plain');
    expect(clicked).toEqual([
      { download: 'notes.txt', href: 'blob:file-1', rel: 'noopener', attached: true },
    ]);
    expect(document.querySelector('a')).toBeNull();
    expect(blobs[0].type).toBe('text/plain');
    expect(await readBlob(blobs[0])).toBe('hello');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1');
  });

  it('removes the link and revokes the URL even when the click throws', () => {
    jest.mocked(HTMLAnchorElement.prototype.click).mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => downloadTextFile('a.csv', 'x')).toThrow('blocked');
    expect(document.querySelector('a')).toBeNull();
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1');
  });

  it('downloads CSV text as text/csv', async () => {
    downloadCsv('filtered.csv', 'a,b\r\n');
    expect(clicked[0].download).toBe('filtered.csv');
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(await readBlob(blobs[0])).toBe('a,b\r\n');
  });

  it('downloads data as an indented JSON file ending with a line break', async () => {
    const data = { total: 2, items: ['a', 'b'] };
    downloadJson('export.json', data);
    expect(clicked[0].download).toBe('export.json');
    expect(blobs[0].type).toBe('application/json;charset=utf-8');
    const text = await readBlob(blobs[0]);
    expect(text).toBe('{\n  "total": 2,\n  "items": [\n    "a",\n    "b"\n  ]\n}\n');
    expect(text).toBe(toJsonFile(data));
    expect(JSON.parse(text)).toEqual(data);
  });
});
