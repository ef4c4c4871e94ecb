import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  degrees,
  grayscale,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  StandardFontEmbedder,
  StandardFonts,
} from 'pdf-lib';
import { stampText } from '@examprep/contracts';
import { PdfRevision, RevisionWriter, UnsupportedPdfError } from './pdf-revision';

export { UnsupportedPdfError };

/**
 * Stamping (ADR 0020 §5): `Licensed to {email}. Personal copy: do not share.` in small grey
 * type at the foot of every page (12 pt above the visible bottom edge, upright whatever the
 * page's /Rotate), and the email in the document information dictionary (/LicensedTo), the
 * original's outline, Info entries, annotations and everything else kept.
 *
 * `stampPdf` appends an incremental update (a new revision: each page object gets a new
 * version whose /Contents array is wrapped in q ... Q plus one shared stamp stream, a shared
 * Helvetica font, a new Info): the original bytes are never re-serialized, so the cost is
 * reading the cross-reference data and the page tree. PDFs it cannot update in place
 * (encrypted ones fail in both ways) are stamped by a full pdf-lib rewrite instead. The other
 * two ways stay exported for the benchmark (tools/bench/stamp-bench.mjs).
 */
export async function stampPdf(original: Uint8Array, email: string): Promise<Uint8Array> {
  try {
    return stampIncremental(original, email);
  } catch {
    // UnsupportedPdfError, or a parse error of a damaged file pdf-lib's tolerant parser may read
    return stampWithPdfLib(original, email);
  }
}

/** The Info key that carries the buyer's email. */
export const LICENSED_TO_KEY = 'LicensedTo';

const STAMP_SIZE = 7;
const STAMP_GREY = 0.45;
const STAMP_RISE = 12;

let helvetica: StandardFontEmbedder | undefined;
const font = (): StandardFontEmbedder =>
  (helvetica ??= StandardFontEmbedder.for(
    StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
  ));

/** The visible stamp: characters Helvetica (WinAnsi) cannot show become '?' (Info keeps all). */
export function visibleStamp(email: string): string {
  const enc = font().encoding;
  let out = '';
  for (const ch of stampText(email)) {
    const cp = ch.codePointAt(0) as number;
    out += cp >= 0x20 && enc.canEncodeUnicodeCodePoint(cp) ? ch : '?';
  }
  return out;
}

interface Placement {
  /** Text size (smaller on narrow pages so the line fits). */
  size: number;
  /** The stamp's baseline start and angle in the page's user space. */
  x: number;
  y: number;
  angle: 0 | 90 | 180 | 270;
}

/** Where the stamp goes on a page with visible box [x0 y0 x1 y1] shown turned by `rotate`. */
function placement(box: number[], rotate: number, text: string): Placement {
  const [x0, y0, x1, y1] = [
    Math.min(box[0], box[2]),
    Math.min(box[1], box[3]),
    Math.max(box[0], box[2]),
    Math.max(box[1], box[3]),
  ];
  const angle = ((((Math.round(rotate / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const visibleW = angle % 180 === 0 ? x1 - x0 : y1 - y0;
  const at1 = font().widthOfTextAtSize(text, 1);
  const size = Math.max(3, Math.min(STAMP_SIZE, (visibleW - 24) / at1));
  const u = Math.max(4, (visibleW - at1 * size) / 2);
  const v = STAMP_RISE;
  // visible (u, v) -> user space, for each way the page is shown
  switch (angle) {
    case 90:
      return { size, x: x1 - v, y: y0 + u, angle };
    case 180:
      return { size, x: x1 - u, y: y1 - v, angle };
    case 270:
      return { size, x: x0 + v, y: y1 - u, angle };
    default:
      return { size, x: x0 + u, y: y0 + v, angle };
  }
}

const num = (n: number): string => String(Math.round(n * 1000) / 1000);

/** The stamp's operators, drawn in a fresh graphics state. */
function stampOperators(p: Placement, fontName: string, hex: string): string {
  const rad = (p.angle * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(rad)), Math.round(Math.sin(rad))];
  return (
    `q\n${cos} ${sin} ${-sin} ${cos} ${num(p.x)} ${num(p.y)} cm\n` +
    `BT\n/${fontName} ${num(p.size)} Tf\n${STAMP_GREY} g\n0 Tr\n0 0 Td\n${hex} Tj\nET\nQ\n`
  );
}

interface PageInfo {
  ref: PDFRef;
  dict: PDFDict;
  resources?: PDFDict;
  box: number[];
  rotate: number;
}

const numbers = (arr: PDFArray | undefined, rev: PdfRevision): number[] | undefined => {
  if (!arr) return undefined;
  const out = arr.asArray().map((o) => rev.lookup(o));
  return out.every((o) => o instanceof PDFNumber)
    ? out.map((o) => (o as PDFNumber).asNumber())
    : undefined;
};

/** Every leaf of the page tree with what it inherits (Resources, MediaBox, CropBox, Rotate). */
function pagesOf(rev: PdfRevision): PageInfo[] {
  const root = rev.lookup(rev.trailer.get(PDFName.of('Root')));
  if (!(root instanceof PDFDict)) throw new UnsupportedPdfError('no catalog');
  const pages: PageInfo[] = [];
  const seen = new Set<number>();
  type Inherited = { res?: PDFDict; media?: number[]; crop?: number[]; rotate?: number };
  const walk = (ref: PDFRef, inh: Inherited, depth: number): void => {
    if (depth > 64 || seen.has(ref.objectNumber)) throw new UnsupportedPdfError('page tree loop');
    seen.add(ref.objectNumber);
    const node = rev.lookup(ref);
    if (!(node instanceof PDFDict)) throw new UnsupportedPdfError('bad page tree node');
    const res = rev.lookup(node.get(PDFName.of('Resources')));
    const here: Inherited = {
      res: res instanceof PDFDict ? res : inh.res,
      media:
        numbers(rev.lookup(node.get(PDFName.of('MediaBox'))) as PDFArray | undefined, rev) ??
        inh.media,
      crop:
        numbers(rev.lookup(node.get(PDFName.of('CropBox'))) as PDFArray | undefined, rev) ??
        inh.crop,
      rotate:
        (rev.lookup(node.get(PDFName.of('Rotate'))) as PDFNumber | undefined)?.asNumber?.() ??
        inh.rotate,
    };
    const kids = rev.lookup(node.get(PDFName.of('Kids')));
    if (node.get(PDFName.of('Type')) === PDFName.of('Pages') || kids instanceof PDFArray) {
      if (!(kids instanceof PDFArray)) throw new UnsupportedPdfError('pages without kids');
      for (const k of kids.asArray()) {
        if (!(k instanceof PDFRef)) throw new UnsupportedPdfError('direct page');
        walk(k, here, depth + 1);
      }
      return;
    }
    const media = here.media ?? [0, 0, 612, 792];
    pages.push({
      ref,
      dict: node,
      resources: here.res,
      box: here.crop ?? media,
      rotate: here.rotate ?? 0,
    });
  };
  const top = root.get(PDFName.of('Pages'));
  if (!(top instanceof PDFRef)) throw new UnsupportedPdfError('no page tree');
  walk(top, {}, 0);
  return pages;
}

/** (b) An incremental update appended to the original bytes. */
export function stampIncremental(original: Uint8Array, email: string): Uint8Array {
  const rev = new PdfRevision(original);
  const ctx = rev.context;
  const pages = pagesOf(rev);
  const out = new RevisionWriter(rev);
  const text = visibleStamp(email);
  const hex = font().encodeText(text).toString();

  const fontRef = out.newRef();
  out.write(
    fontRef,
    ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }),
  );
  const openRef = out.newRef();
  out.writeStream(openRef, ctx.obj({}), Buffer.from('q\n', 'latin1'));
  const stampStreams = new Map<string, PDFRef>();

  for (const page of pages) {
    // the page's resources with our font under a name no other font of the page uses
    const resources = page.resources ? page.resources.clone(ctx) : ctx.obj({});
    const fontsObj = rev.lookup(resources.get(PDFName.of('Font')));
    const fonts = fontsObj instanceof PDFDict ? fontsObj.clone(ctx) : ctx.obj({});
    let name = 'NMPStamp';
    while (fonts.has(PDFName.of(name))) name += 'X';
    fonts.set(PDFName.of(name), fontRef);
    resources.set(PDFName.of('Font'), fonts);

    const p = placement(page.box, page.rotate, text);
    const key = `${name}|${p.size}|${p.x}|${p.y}|${p.angle}`;
    let stampRef = stampStreams.get(key);
    if (!stampRef) {
      stampRef = out.newRef();
      out.writeStream(
        stampRef,
        ctx.obj({}),
        Buffer.from(`\nQ\n${stampOperators(p, name, hex)}`, 'latin1'),
      );
      stampStreams.set(key, stampRef);
    }

    const contents = PDFArray.withContext(ctx);
    contents.push(openRef);
    const own = page.dict.get(PDFName.of('Contents'));
    const resolved = own instanceof PDFRef ? rev.lookup(own) : own;
    if (resolved instanceof PDFArray) for (const c of resolved.asArray()) contents.push(c);
    else if (own instanceof PDFRef && resolved instanceof PDFRawStream) contents.push(own);
    else if (own !== undefined && !(resolved instanceof PDFRawStream))
      throw new UnsupportedPdfError('contents');
    contents.push(stampRef);

    const next = page.dict.clone(ctx);
    next.set(PDFName.of('Contents'), contents);
    next.set(PDFName.of('Resources'), resources);
    out.write(page.ref, next);
  }

  const infoRef = rev.trailer.get(PDFName.of('Info'));
  const info = rev.lookup(infoRef);
  const nextInfo = info instanceof PDFDict ? info.clone(ctx) : ctx.obj({});
  nextInfo.set(PDFName.of(LICENSED_TO_KEY), PDFHexString.fromText(email));
  const nextInfoRef = infoRef instanceof PDFRef ? infoRef : out.newRef();
  out.write(nextInfoRef, nextInfo);

  const trailer = ctx.obj({});
  trailer.set(PDFName.of('Root'), rev.trailer.get(PDFName.of('Root')) as PDFRef);
  trailer.set(PDFName.of('Info'), nextInfoRef);
  const id = rev.trailer.get(PDFName.of('ID'));
  if (id) trailer.set(PDFName.of('ID'), id);
  return out.finish(trailer);
}

/** (a) pdf-lib: load, draw on every page, save (the whole document re-serialized). */
export async function stampWithPdfLib(
  original: Uint8Array,
  email: string,
  { useObjectStreams = false }: { useObjectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const text = visibleStamp(email);
  for (const page of doc.getPages()) {
    const b = page.getCropBox();
    const p = placement([b.x, b.y, b.x + b.width, b.y + b.height], page.getRotation().angle, text);
    page.drawText(text, {
      x: p.x,
      y: p.y,
      size: p.size,
      font: helv,
      color: grayscale(STAMP_GREY),
      rotate: degrees(p.angle),
    });
  }
  infoDictOf(doc).set(PDFName.of(LICENSED_TO_KEY), PDFHexString.fromText(email));
  return doc.save({ useObjectStreams });
}

/** The document information dictionary (made when the PDF has none). */
export function infoDictOf(doc: PDFDocument): PDFDict {
  const ctx = doc.context;
  const info = ctx.lookup(ctx.trailerInfo.Info);
  if (info instanceof PDFDict) return info;
  const made = ctx.obj({});
  ctx.trailerInfo.Info = ctx.register(made);
  return made;
}

const run = promisify(execFile);

/**
 * (c) qpdf (a native tool; the image would need the package): the stamp as a one-page PDF
 * of the first page's size laid over every page (`--overlay stamp.pdf --to=1-z --repeat=1`),
 * then the email added to Info by a small incremental update.
 */
export async function stampWithQpdf(original: Uint8Array, email: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'stamp-'));
  try {
    const [first] = pagesOf(new PdfRevision(original));
    const width = Math.abs(first.box[2] - first.box[0]);
    const height = Math.abs(first.box[3] - first.box[1]);
    const overlay = await PDFDocument.create({ updateMetadata: false });
    const page = overlay.addPage([width, height]);
    const helv = await overlay.embedFont(StandardFonts.Helvetica);
    const text = visibleStamp(email);
    const p = placement([0, 0, width, height], 0, text);
    page.drawText(text, { x: p.x, y: p.y, size: p.size, font: helv, color: grayscale(STAMP_GREY) });
    await writeFile(join(dir, 'in.pdf'), original);
    await writeFile(join(dir, 'stamp.pdf'), await overlay.save());
    await run('qpdf', [
      join(dir, 'in.pdf'),
      '--overlay',
      join(dir, 'stamp.pdf'),
      '--to=1-z',
      '--from=',
      '--repeat=1',
      '--',
      join(dir, 'out.pdf'),
    ]);
    const stamped = new Uint8Array(await readFile(join(dir, 'out.pdf')));
    return withLicensee(stamped, email);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Only the Info update of (b): the email under /LicensedTo. */
function withLicensee(pdf: Uint8Array, email: string): Uint8Array {
  const rev = new PdfRevision(pdf);
  const ctx = rev.context;
  const out = new RevisionWriter(rev);
  const infoRef = rev.trailer.get(PDFName.of('Info'));
  const info = rev.lookup(infoRef);
  const nextInfo = info instanceof PDFDict ? info.clone(ctx) : ctx.obj({});
  nextInfo.set(PDFName.of(LICENSED_TO_KEY), PDFHexString.fromText(email));
  const ref = infoRef instanceof PDFRef ? infoRef : out.newRef();
  out.write(ref, nextInfo);
  const trailer = ctx.obj({});
  trailer.set(PDFName.of('Root'), rev.trailer.get(PDFName.of('Root')) as PDFRef);
  trailer.set(PDFName.of('Info'), ref);
  const id = rev.trailer.get(PDFName.of('ID'));
  if (id) trailer.set(PDFName.of('ID'), id);
  return out.finish(trailer);
}
