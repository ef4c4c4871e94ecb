// The seed's generated media: real, deterministic files of the right type (issue 13).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { parseMediaPath, sniffMediaType, type WorkbookChapter } from '@examprep/contracts/types';
import { buildDownloads, conversionChartPdf } from './assets.cjs';
import { questionDiagrams, fixturePng } from './images.cjs';
import { describeMp4, normalizeMp4, boxesOf } from './mp4.cjs';
import { attachVideos, renderTinyClip, videoPlan } from './videos.cjs';
import { readZip, writeZip } from './zip.cjs';
import { contentKey } from './seed-media.cjs';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('generated videos', () => {
  it('plans 3 videos per workbook at workbook video paths, 10-20 s each', () => {
    const plan = videoPlan();
    for (const id of ['teas_math_workbook', 'med_dosage_workbook']) {
      expect(plan.filter((v) => v.productId === id)).toHaveLength(3);
    }
    for (const v of plan) {
      expect(parseMediaPath(v.path)?.kind).toBe('workbookVideo');
      expect(v.seconds).toBeGreaterThanOrEqual(10);
      expect(v.seconds).toBeLessThanOrEqual(20);
    }
    expect(new Set(plan.map((v) => v.path)).size).toBe(plan.length);
  });

  it('renders an MP4 that sniffs as video/mp4, index first, same bytes every run', async () => {
    const v = videoPlan()[0];
    const a = await v.render();
    const b = await v.render();
    expect(Buffer.compare(a, b)).toBe(0);
    expect(sniffMediaType(a.subarray(0, 64))).toBe('video/mp4');
    const info = describeMp4(a);
    expect(info.top).toEqual(['ftyp', 'moov', 'mdat']);
    expect(info.seconds).toBe(v.seconds);
    expect([info.width, info.height]).toEqual([960, 540]);
    expect(a.length).toBeLessThan(1_000_000);
  }, 30_000);

  it('the browser-test clip is 2 s and under 100 KB', async () => {
    const clip = await renderTinyClip();
    expect(describeMp4(clip).seconds).toBe(2);
    expect(clip.length).toBeLessThan(100 * 1024);
    expect(sniffMediaType(clip.subarray(0, 64))).toBe('video/mp4');
  });

  it('attaches each video to the chapter it explains (first chapter when none matches)', () => {
    const chapter = (n: number, objective: string, topics: string[]): WorkbookChapter => ({
      number: n,
      title: objective.split(' - ')[1],
      objective,
      topics,
      questionCount: 10,
      page: n * 5,
      videos: [],
    });
    const teas = [
      chapter(1, 'Numbers and Algebra - Fractions', ['Fraction operations']),
      chapter(2, 'Numbers and Algebra - Percents', ['Percent of a number']),
      chapter(3, 'Numbers and Algebra - Equations and Inequalities', ['Solving linear equations']),
    ];
    const out = attachVideos(teas, 'teas_math_workbook');
    expect(out.map((c) => c.videos.map((v) => v.path.split('/').pop()))).toEqual([
      ['01-multiplying-fractions.mp4'],
      ['02-percent-of-a-number.mp4'],
      ['03-solving-linear-equations.mp4'],
    ]);
    expect(teas[0].videos).toEqual([]); // input untouched
    const med = [
      chapter(1, 'Conversions - Metric Conversions', ['Metric conversions (g, mg, mcg, L, mL)']),
      chapter(2, 'Oral Medications - Oral Medications', ['Oral tablets (desired over have)']),
      chapter(3, 'Weight-Based Dosing - Weight-Based Dosing', ['Divided daily doses (mg/kg/day)']),
      chapter(4, 'IV Therapy - IV Flow Rates', ['Gravity drip rate (gtt/min)']),
    ];
    const m = attachVideos(med, 'med_dosage_workbook');
    expect(m.map((c) => c.videos.length)).toEqual([1, 1, 0, 1]);
    const lone = attachVideos([chapter(1, 'Other - Other', [])], 'teas_math_workbook');
    expect(lone[0].videos).toHaveLength(3);
  });
});

describe('MP4 normalization', () => {
  /** ftyp, free, mdat (4 bytes), moov > trak > mdia > mdhd + minf > stbl > stco(1 offset). */
  function sample(offset: number, time: number): Buffer {
    const box = (type: string, ...parts: Buffer[]) => {
      const body = Buffer.concat(parts);
      const h = Buffer.alloc(8);
      h.writeUInt32BE(8 + body.length, 0);
      h.write(type, 4, 'latin1');
      return Buffer.concat([h, body]);
    };
    const u32 = (...n: number[]) => {
      const b = Buffer.alloc(4 * n.length);
      n.forEach((x, i) => b.writeUInt32BE(x, i * 4));
      return b;
    };
    const mvhd = box('mvhd', u32(0, time, time, 1000, 2000), Buffer.alloc(80));
    const mdhd = box('mdhd', u32(0, time, time, 1000, 2000, 0));
    const stco = box('stco', u32(0, 1, offset));
    const moov = box('moov', mvhd, box('trak', box('mdia', mdhd, box('minf', box('stbl', stco)))));
    const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isomavc1', 'latin1'));
    const free = box('free', Buffer.alloc(8));
    const mdat = box('mdat', Buffer.from('DATA'));
    return Buffer.concat([ftyp, free, mdat, moov]);
  }

  it('zeroes the times, drops free boxes and moves moov first with the chunk offsets shifted', () => {
    const input = sample(24 + 16 + 8, 123456);
    const out = normalizeMp4(input);
    expect(boxesOf(out).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    expect(normalizeMp4(sample(24 + 16 + 8, 999))).toEqual(out);
    const stcoAt = out.indexOf(Buffer.from('stco', 'latin1'));
    const offset = out.readUInt32BE(stcoAt + 4 + 8);
    expect(out.subarray(offset, offset + 4).toString('latin1')).toBe('DATA');
    expect(describeMp4(out).seconds).toBe(2);
  });

  it('refuses bytes that are not an MP4 file', () => {
    expect(() => normalizeMp4(Buffer.from('PK\u0003\u0004 not a video at all'))).toThrow();
  });
});

describe('ZIP writer', () => {
  it('writes archives unzip reads back, same bytes every run', () => {
    const entries = [
      { name: 'README.txt', data: 'hello\n'.repeat(50) },
      { name: 'bin/raw.bin', data: Buffer.from([0, 1, 2, 3, 250, 251]) },
    ];
    const zip = writeZip(entries);
    expect(writeZip(entries)).toEqual(zip);
    expect(readZip(zip).map((e) => [e.name, e.data.toString('latin1')])).toEqual(
      entries.map((e) => [e.name, Buffer.from(e.data).toString('latin1')]),
    );
    const dir = mkdtempSync(join(tmpdir(), 'zip-spec-'));
    writeFileSync(join(dir, 'a.zip'), zip);
    let listing = '';
    try {
      listing = execFileSync('unzip', ['-t', join(dir, 'a.zip')], { encoding: 'utf8' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      return; // no unzip on this machine: readZip above is the check
    }
    expect(listing).toMatch(/No errors detected/);
  });
});

describe('downloads', () => {
  it('builds the five download files at download paths, each of its type, deterministic', async () => {
    const files = await buildDownloads();
    expect(files.map((f) => f.path)).toEqual([
      'Downloads/free-3d-assets.zip',
      'Downloads/premium-3d-assets.zip',
      'Downloads/free-android-stuff.zip',
      'Downloads/premium-android-stuff.zip',
      'Downloads/med-dosage-conversions.pdf',
    ]);
    const again = await buildDownloads();
    files.forEach((f, i) => {
      expect(parseMediaPath(f.path)?.kind).toBe('download');
      expect(Buffer.compare(f.body, again[i].body)).toBe(0);
    });
    const names = (p: string) => readZip(files.find((f) => f.path === p)!.body).map((e) => e.name);
    expect(names('Downloads/free-3d-assets.zip')).toEqual(
      expect.arrayContaining(['models/cube.obj', 'models/cube.mtl', 'textures/checker-blue.png']),
    );
    expect(names('Downloads/premium-3d-assets.zip').length).toBeGreaterThan(
      names('Downloads/free-3d-assets.zip').length,
    );
    expect(names('Downloads/free-android-stuff.zip')).toEqual(
      expect.arrayContaining(['README.md', 'res/drawable/ic_pill.xml', 'res/layout/item_dose.xml']),
    );
    const png = readZip(files[0].body).find((e) => e.name.endsWith('.png'))!;
    expect(sniffMediaType(png.data.subarray(0, 64))).toBe('image/png');
    const obj = readZip(files[0].body)
      .find((e) => e.name === 'models/cube.obj')!
      .data.toString();
    expect(obj.match(/^v /gm)).toHaveLength(8);
    expect(obj.match(/^f /gm)).toHaveLength(6);
  });

  it('the conversion chart is a one-page PDF with its rows as text', async () => {
    const pdf = await conversionChartPdf();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Medication Dosage Conversions');
    if (!hasPdftotext) return;
    const dir = mkdtempSync(join(tmpdir(), 'chart-spec-'));
    writeFileSync(join(dir, 'c.pdf'), pdf);
    const text = execFileSync('pdftotext', [join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
    for (const s of ['Medication Dosage Conversions', '1,000 mg', '2.2 lb', '30 mL', 'Drip rate']) {
      expect(text).toContain(s);
    }
  });
});

describe('images', () => {
  it('draws diagrams from the numbers of the question text, at the question image path', () => {
    const out = questionDiagrams([
      { _id: 'AB12', question: 'What is 2 + 2?', generatedFrom: 'teas_fraction_ops~1' },
      {
        _id: 'WV65',
        question: 'A circle has a radius of 9 feet. What is its area?',
        generatedFrom: 'teas_perimeter_area~2',
      },
      { _id: 'LH43', question: 'A cube has edges 17 inches long.', generatedFrom: 'teas_volume~3' },
      { _id: 'ZZ99', question: 'A rectangle is 3 by 4.', generatedFrom: 'teas_perimeter_area~4' },
    ]);
    expect(out.map((d) => d.path)).toEqual(['Images/WV65-que.png', 'Images/LH43-que.png']);
    for (const d of out) {
      expect(parseMediaPath(d.path)).toMatchObject({ kind: 'question', slot: 'questionImage' });
      expect(sniffMediaType(d.body.subarray(0, 64))).toBe('image/png');
    }
  });

  it('the browser-test image is a small PNG', () => {
    const png = fixturePng();
    expect(sniffMediaType(png.subarray(0, 64))).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(200);
    expect(png.readUInt32BE(20)).toBe(120);
  });
});

describe('cache key of the workbook files', () => {
  it('is a stable hash of the builders, the generators and the package versions', () => {
    const key = contentKey();
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(contentKey()).toBe(key);
  });
});
