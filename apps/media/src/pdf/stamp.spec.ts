import {
  decodePDFRawStream,
  degrees,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import { stampText } from '@examprep/contracts';
import {
  infoDictOf,
  LICENSED_TO_KEY,
  stampIncremental,
  stampPdf,
  stampWithPdfLib,
  UnsupportedPdfError,
} from './stamp';

const EMAIL = 'buyer.one+nurse@examprep.test';

/** A small workbook-like PDF: 3 pages (one shown turned 90°, one with an offset crop box), an outline, Info. */
async function samplePdf(useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${i} question text`, { x: 72, y: 700, size: 12, font });
    if (i === 2) page.setRotation(degrees(90));
    if (i === 3) page.setCropBox(36, 36, 540, 720);
  }
  const ctx = doc.context;
  const outlineRef = ctx.nextRef();
  const items = ['Chapter 1: Fractions', 'Answer Key'].map((title, i) => ({
    title,
    ref: ctx.nextRef(),
    page: doc.getPage(i * 2),
  }));
  items.forEach((it, i) => {
    const d = ctx.obj({ Parent: outlineRef, Dest: [it.page.ref, 'Fit'] });
    d.set(PDFName.of('Title'), PDFHexString.fromText(it.title));
    if (i > 0) d.set(PDFName.of('Prev'), items[i - 1].ref);
    if (i < items.length - 1) d.set(PDFName.of('Next'), items[i + 1].ref);
    ctx.assign(it.ref, d);
  });
  ctx.assign(
    outlineRef,
    ctx.obj({ Type: 'Outlines', First: items[0].ref, Last: items[1].ref, Count: 2 }),
  );
  doc.catalog.set(PDFName.of('Outlines'), outlineRef);
  doc.setTitle('TEAS Math Workbook');
  doc.setAuthor('NurseMath Prep');
  doc.setSubject('Practice questions');
  doc.setKeywords(['teas_math_workbook']);
  return doc.save({ useObjectStreams });
}

/** The text shown by a page's content streams (hex and literal strings of Tj), in order. */
function pageTexts(doc: PDFDocument, pageIndex: number): string[] {
  const node = doc.getPage(pageIndex).node;
  const contents = node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((r) => doc.context.lookup(r))
      : [contents];
  let source = '';
  for (const s of streams) {
    if (s instanceof PDFRawStream)
      source += Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') + '\n';
  }
  const out: string[] = [];
  for (const m of source.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    out.push(
      m[1] !== undefined ? Buffer.from(m[1].replace(/\s/g, ''), 'hex').toString('latin1') : m[2],
    );
  }
  return out;
}

function infoText(doc: PDFDocument, key: string): string | undefined {
  const v = infoDictOf(doc).get(PDFName.of(key));
  return v instanceof PDFHexString || v instanceof PDFString ? v.decodeText() : undefined;
}

function outlineTitles(doc: PDFDocument): string[] {
  const outlines = doc.context.lookup(doc.catalog.get(PDFName.of('Outlines')), PDFDict);
  const titles: string[] = [];
  let item = doc.context.lookup(outlines.get(PDFName.of('First'))) as PDFDict | undefined;
  while (item) {
    titles.push((item.get(PDFName.of('Title')) as PDFHexString).decodeText());
    const next = item.get(PDFName.of('Next'));
    item = next ? (doc.context.lookup(next) as PDFDict) : undefined;
  }
  return titles;
}

/** The stamp's placement on a page: the `a b c d e f cm` of the stream holding the stamp. */
function stampMatrix(doc: PDFDocument, pageIndex: number): number[] {
  const contents = doc.getPage(pageIndex).node.Contents() as PDFArray;
  const last = doc.context.lookup(contents.get(contents.size() - 1)) as PDFRawStream;
  const src = Buffer.from(decodePDFRawStream(last).decode()).toString('latin1');
  const m = /(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) cm/.exec(src);
  return (m as RegExpExecArray).slice(1).map(Number);
}

async function expectStamped(stamped: Uint8Array): Promise<PDFDocument> {
  const doc = await PDFDocument.load(stamped, { updateMetadata: false });
  expect(doc.getPageCount()).toBe(3);
  for (let i = 0; i < 3; i++) {
    const texts = pageTexts(doc, i);
    expect(texts).toContain(`Page ${i + 1} question text`); // the page's own content kept
    expect(texts).toContain(stampText(EMAIL)); // the stamp on every page
  }
  expect(infoText(doc, LICENSED_TO_KEY)).toBe(EMAIL);
  expect(infoText(doc, 'Title')).toBe('TEAS Math Workbook');
  expect(infoText(doc, 'Author')).toBe('NurseMath Prep');
  expect(infoText(doc, 'Subject')).toBe('Practice questions');
  expect(infoText(doc, 'Keywords')).toBe('teas_math_workbook');
  expect(outlineTitles(doc)).toEqual(['Chapter 1: Fractions', 'Answer Key']);
  return doc;
}

describe('stampPdf', () => {
  it.each([
    ['a cross-reference table', false],
    ['a cross-reference stream and object streams', true],
  ])(
    'stamps every page of a PDF with %s as an appended revision, keeping outline and Info',
    async (_, objectStreams) => {
      const original = await samplePdf(objectStreams);
      const stamped = await stampPdf(original, EMAIL);
      // an incremental update: the original bytes come first, unchanged
      expect(Buffer.from(stamped.subarray(0, original.length)).equals(Buffer.from(original))).toBe(
        true,
      );
      const tail = Buffer.from(stamped.subarray(original.length)).toString('latin1');
      expect(tail).toMatch(objectStreams ? /\/Type \/XRef/ : /\nxref\n/);
      const doc = await expectStamped(stamped);

      // upright at the visible foot of each page: page 2 is shown turned 90°, page 3 is cropped
      const [a1, b1, , , e1, f1] = stampMatrix(doc, 0);
      expect([a1, b1]).toEqual([1, 0]);
      expect(f1).toBe(12);
      expect(e1).toBeGreaterThan(0);
      const [a2, b2, , , e2] = stampMatrix(doc, 1);
      expect([a2, b2]).toEqual([0, 1]); // text runs up the page, i.e. left to right once turned
      expect(e2).toBe(612 - 12);
      const [, , , , e3, f3] = stampMatrix(doc, 2);
      expect(f3).toBe(36 + 12);
      expect(e3).toBeGreaterThan(36);
    },
  );

  it('gives the same bytes for the same PDF and email, and stamps an already stamped copy again', async () => {
    const original = await samplePdf(false);
    const one = await stampPdf(original, EMAIL);
    expect(Buffer.from(await stampPdf(original, EMAIL)).equals(Buffer.from(one))).toBe(true);
    const twice = await stampPdf(one, 'second@examprep.test');
    const doc = await PDFDocument.load(twice, { updateMetadata: false });
    for (let i = 0; i < 3; i++)
      expect(pageTexts(doc, i)).toEqual(
        expect.arrayContaining([stampText(EMAIL), stampText('second@examprep.test')]),
      );
    expect(infoText(doc, LICENSED_TO_KEY)).toBe('second@examprep.test');
  });

  it('shows characters Helvetica cannot draw as ? on the page but keeps the exact email in Info', async () => {
    const email = 'δοκιμή@examprep.test';
    const doc = await PDFDocument.load(await stampPdf(await samplePdf(true), email), {
      updateMetadata: false,
    });
    expect(pageTexts(doc, 0)).toContain(stampText('??????@examprep.test'));
    expect(infoText(doc, LICENSED_TO_KEY)).toBe(email);
  });

  it('falls back to a full pdf-lib rewrite when the cross-reference data cannot be used', async () => {
    const original = Buffer.from(await samplePdf(false));
    const text = original.toString('latin1');
    const at = text.lastIndexOf('startxref');
    const broken = Buffer.from(text.slice(0, at) + 'startxref\n12\n%%EOF\n', 'latin1'); // points into the header
    expect(() => stampIncremental(broken, EMAIL)).toThrow(UnsupportedPdfError);
    await expectStamped(await stampPdf(broken, EMAIL));
  });

  it('stamps the same way through pdf-lib (approach a), outline and Info kept', async () => {
    await expectStamped(
      await stampWithPdfLib(await samplePdf(true), EMAIL, { useObjectStreams: true }),
    );
  });

  it('does not pass a PDF whose page tree points at a missing object as stamped', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.catalog.set(PDFName.of('Pages'), PDFRef.of(999));
    const bytes = await doc.save({ useObjectStreams: false });
    expect(() => stampIncremental(bytes, EMAIL)).toThrow(UnsupportedPdfError);
  });
});
