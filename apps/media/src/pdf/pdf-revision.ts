import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';

/**
 * Reads a PDF lazily through its cross-reference data (tables or streams, object streams, any
 * number of earlier revisions) and appends a new revision (ISO 32000-1 §7.5.6, incremental
 * update): only the objects asked for are parsed, the original bytes are never re-written.
 */

/** A PDF this reader cannot update in place (encrypted, broken or unusual): use a full rewrite. */
export class UnsupportedPdfError extends Error {}

type XrefEntry =
  | { type: 1; offset: number; gen: number }
  | { type: 2; stream: number; index: number }
  | { type: 0 };

/** What a trailer holds for the document (the rest belongs to its xref section). */
const TRAILER_KEYS = ['Root', 'Info', 'ID', 'Encrypt'];

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(
    bytes.buffer,
    bytes.byteOffset + from,
    Math.max(0, Math.min(to, bytes.length) - from),
  ).toString('latin1');

export class PdfRevision {
  readonly context = PDFContext.create();
  private readonly xref = new Map<number, XrefEntry>();
  private readonly cache = new Map<number, PDFObject>();
  private readonly objStreams = new Map<
    number,
    { data: Uint8Array; offsets: Map<number, number> }
  >();
  /** The newest trailer (with the entries of older ones it did not repeat). */
  readonly trailer: PDFDict;
  /** Where the newest cross-reference section starts (the new revision's /Prev). */
  readonly startXref: number;
  /** Whether the newest section is a cross-reference stream (then ours is one too). */
  readonly usesXrefStream: boolean;
  private size = 0;

  constructor(readonly bytes: Uint8Array) {
    const tail = ascii(bytes, Math.max(0, bytes.length - 2048), bytes.length);
    const m = /startxref\s+(\d+)\s*%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)/.exec(tail);
    if (!m) throw new UnsupportedPdfError('no startxref');
    this.startXref = Number(m[1]);
    this.trailer = this.context.obj({});
    let first = true;
    let usesStream = false;
    const seen = new Set<number>();
    const queue: number[] = [this.startXref];
    while (queue.length) {
      const at = queue.shift() as number;
      if (seen.has(at)) continue;
      if (at < 0 || at >= bytes.length)
        throw new UnsupportedPdfError('cross-reference offset out of range');
      seen.add(at);
      const head = ascii(bytes, at, at + 32);
      let trailer: PDFDict;
      if (/^\s*xref/.test(head)) {
        trailer = this.readTable(at);
      } else {
        trailer = this.readStream(at);
        if (first) usesStream = true;
      }
      first = false;
      for (const key of TRAILER_KEYS) {
        const v = trailer.get(PDFName.of(key));
        if (v !== undefined && !this.trailer.has(PDFName.of(key)))
          this.trailer.set(PDFName.of(key), v);
      }
      const size = trailer.get(PDFName.of('Size'));
      if (size instanceof PDFNumber) this.size = Math.max(this.size, size.asNumber());
      const prev = trailer.get(PDFName.of('Prev'));
      if (prev instanceof PDFNumber) queue.push(prev.asNumber());
    }
    this.usesXrefStream = usesStream;
    if (this.trailer.has(PDFName.of('Encrypt'))) throw new UnsupportedPdfError('encrypted');
    if (!(this.trailer.get(PDFName.of('Root')) instanceof PDFRef))
      throw new UnsupportedPdfError('no /Root');
  }

  /** The first object number free for new objects. */
  get nextNumber(): number {
    let max = this.size;
    for (const n of this.xref.keys()) max = Math.max(max, n + 1);
    return max;
  }

  private record(num: number, entry: XrefEntry): void {
    if (!this.xref.has(num)) this.xref.set(num, entry); // newer sections are read first
  }

  private readTable(at: number): PDFDict {
    // "xref" then subsections "start count" with 20-byte entries, then "trailer << ... >>"
    const text = ascii(this.bytes, at, this.bytes.length);
    const end = text.indexOf('trailer');
    if (end < 0) throw new UnsupportedPdfError('xref table without trailer');
    const parser = PDFObjectParser.forBytes(this.bytes.subarray(at + end + 7), this.context);
    const trailer = parser.parseObject();
    if (!(trailer instanceof PDFDict)) throw new UnsupportedPdfError('bad trailer');
    // a hybrid file's stream lists the compressed objects its table marks free: it comes first
    const stm = trailer.get(PDFName.of('XRefStm'));
    if (stm instanceof PDFNumber) this.readStream(stm.asNumber());
    const lines = text.slice(4, end).split(/\r\n|\r|\n/);
    let num = 0;
    for (const raw of lines) {
      const line = raw.trim();
      if (!line) continue;
      const sub = /^(\d+)\s+(\d+)$/.exec(line);
      if (sub) {
        num = Number(sub[1]);
        continue;
      }
      const e = /^(\d{1,10})\s+(\d{1,5})\s+([nf])/.exec(line);
      if (!e) throw new UnsupportedPdfError('bad xref entry');
      if (e[3] === 'n') this.record(num, { type: 1, offset: Number(e[1]), gen: Number(e[2]) });
      else this.record(num, { type: 0 });
      num++;
    }
    return trailer;
  }

  private readStream(at: number): PDFDict {
    const stream = this.parseAt(at);
    if (!(stream instanceof PDFRawStream)) throw new UnsupportedPdfError('bad xref stream');
    const dict = stream.dict;
    const w = (dict.get(PDFName.of('W')) as PDFArray | undefined)
      ?.asArray()
      .map((n) => (n as PDFNumber).asNumber());
    if (!w || w.length !== 3) throw new UnsupportedPdfError('xref stream without /W');
    const size = (dict.get(PDFName.of('Size')) as PDFNumber).asNumber();
    const index = (dict.get(PDFName.of('Index')) as PDFArray | undefined)
      ?.asArray()
      .map((n) => (n as PDFNumber).asNumber()) ?? [0, size];
    const data = decodeStream(stream);
    const rowLen = w[0] + w[1] + w[2];
    const field = (pos: number, len: number, dflt: number): number => {
      if (len === 0) return dflt;
      let v = 0;
      for (let i = 0; i < len; i++) v = v * 256 + data[pos + i];
      return v;
    };
    let pos = 0;
    for (let s = 0; s < index.length; s += 2) {
      for (let k = 0; k < index[s + 1]; k++) {
        if (pos + rowLen > data.length) throw new UnsupportedPdfError('short xref stream');
        const type = field(pos, w[0], 1);
        const a = field(pos + w[0], w[1], 0);
        const b = field(pos + w[0] + w[1], w[2], 0);
        const num = index[s] + k;
        if (type === 1) this.record(num, { type: 1, offset: a, gen: b });
        else if (type === 2) this.record(num, { type: 2, stream: a, index: b });
        else this.record(num, { type: 0 });
        pos += rowLen;
      }
    }
    return dict;
  }

  /** Parses the indirect object whose "N G obj" header starts at `at`. */
  private parseAt(at: number): PDFObject {
    const head = ascii(this.bytes, at, at + 40);
    const m = /^\s*\d+\s+\d+\s+obj\b/.exec(head);
    if (!m) throw new UnsupportedPdfError(`no object at ${at}`);
    return PDFObjectParser.forBytes(
      this.bytes.subarray(at + m[0].length),
      this.context,
    ).parseObject();
  }

  /** The object `ref` (null when free or missing). */
  lookup(ref: PDFRef | PDFObject | undefined): PDFObject | undefined {
    if (!(ref instanceof PDFRef)) return ref;
    const num = ref.objectNumber;
    const hit = this.cache.get(num);
    if (hit) return hit;
    const e = this.xref.get(num);
    let obj: PDFObject | undefined;
    if (!e || e.type === 0) obj = undefined;
    else if (e.type === 1) obj = this.parseAt(e.offset);
    else obj = this.fromObjectStream(e.stream, num);
    if (obj) this.cache.set(num, obj);
    return obj;
  }

  /** The object's generation in the current revision (new versions keep it). */
  generation(num: number): number {
    const e = this.xref.get(num);
    return e && e.type === 1 ? e.gen : 0;
  }

  private fromObjectStream(streamNum: number, num: number): PDFObject {
    let s = this.objStreams.get(streamNum);
    if (!s) {
      const raw = this.lookup(PDFRef.of(streamNum));
      if (!(raw instanceof PDFRawStream)) throw new UnsupportedPdfError('bad object stream');
      const n = (raw.dict.get(PDFName.of('N')) as PDFNumber).asNumber();
      const first = (raw.dict.get(PDFName.of('First')) as PDFNumber).asNumber();
      const data = decodeStream(raw);
      const nums = ascii(data, 0, first).trim().split(/\s+/).map(Number);
      const offsets = new Map<number, number>();
      for (let i = 0; i < n; i++) offsets.set(nums[2 * i], first + nums[2 * i + 1]);
      s = { data, offsets };
      this.objStreams.set(streamNum, s);
    }
    const off = s.offsets.get(num);
    if (off === undefined) throw new UnsupportedPdfError('object not in its object stream');
    return PDFObjectParser.forBytes(s.data.subarray(off), this.context).parseObject();
  }
}

/** FlateDecode (with PNG predictors) or no filter; anything else is not for this reader. */
export function decodeStream(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const name =
    filter instanceof PDFArray ? (filter.size() === 1 ? filter.get(0) : undefined) : filter;
  if (filter !== undefined && name !== PDFName.of('FlateDecode'))
    throw new UnsupportedPdfError('filter');
  let data: Uint8Array = stream.contents;
  if (name === PDFName.of('FlateDecode')) data = inflateSync(data);
  const parms = stream.dict.get(PDFName.of('DecodeParms'));
  const p = parms instanceof PDFArray ? parms.get(0) : parms;
  if (p instanceof PDFDict) {
    const predictor = (p.get(PDFName.of('Predictor')) as PDFNumber | undefined)?.asNumber() ?? 1;
    if (predictor >= 10) {
      const columns = (p.get(PDFName.of('Columns')) as PDFNumber | undefined)?.asNumber() ?? 1;
      data = unPng(data, columns);
    } else if (predictor !== 1) throw new UnsupportedPdfError('TIFF predictor');
  }
  return data;
}

/** Undoes PNG row filters (one byte per sample, `columns` bytes per row). */
function unPng(data: Uint8Array, columns: number): Uint8Array {
  const rows = Math.floor(data.length / (columns + 1));
  const out = new Uint8Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    const f = data[r * (columns + 1)];
    const src = r * (columns + 1) + 1;
    const dst = r * columns;
    for (let c = 0; c < columns; c++) {
      const raw = data[src + c];
      const left = c > 0 ? out[dst + c - 1] : 0;
      const up = r > 0 ? out[dst - columns + c] : 0;
      const ul = r > 0 && c > 0 ? out[dst - columns + c - 1] : 0;
      let v: number;
      switch (f) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const pa = Math.abs(up - ul);
          const pb = Math.abs(left - ul);
          const pc = Math.abs(left + up - 2 * ul);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : ul);
          break;
        }
        default:
          throw new UnsupportedPdfError('PNG filter');
      }
      out[dst + c] = v & 0xff;
    }
  }
  return out;
}

/** Objects of the new revision, written after the original bytes with their own xref. */
export class RevisionWriter {
  private readonly chunks: Buffer[] = [];
  private readonly offsets = new Map<number, { offset: number; gen: number }>();
  private length: number;
  private next: number;

  constructor(private readonly rev: PdfRevision) {
    this.length = rev.bytes.length;
    this.next = rev.nextNumber;
    const last = rev.bytes[rev.bytes.length - 1];
    if (last !== 0x0a && last !== 0x0d) this.push(Buffer.from('\n', 'latin1'));
  }

  private push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }

  newRef(): PDFRef {
    return PDFRef.of(this.next++);
  }

  /** Writes (a new version of) object `ref`: a dict, an array or any other object. */
  write(ref: PDFRef, obj: PDFObject): void {
    const gen = this.rev.generation(ref.objectNumber);
    this.offsets.set(ref.objectNumber, { offset: this.length, gen });
    this.push(Buffer.from(`${ref.objectNumber} ${gen} obj\n${obj.toString()}\nendobj\n`, 'latin1'));
  }

  /** Writes a stream object with `dict` entries (Length is set here). */
  writeStream(ref: PDFRef, dict: PDFDict, data: Uint8Array): void {
    dict.set(PDFName.of('Length'), PDFNumber.of(data.length));
    const gen = this.rev.generation(ref.objectNumber);
    this.offsets.set(ref.objectNumber, { offset: this.length, gen });
    this.push(
      Buffer.from(`${ref.objectNumber} ${gen} obj\n${dict.toString()}\nstream\n`, 'latin1'),
    );
    this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    this.push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  /** Ends the revision: xref (a table, or a stream when the original uses streams) and trailer. */
  finish(trailerEntries: PDFDict): Uint8Array {
    const ctx = this.rev.context;
    trailerEntries.set(PDFName.of('Prev'), PDFNumber.of(this.rev.startXref));
    if (this.rev.usesXrefStream) {
      const self = this.newRef();
      const at = this.length;
      this.offsets.set(self.objectNumber, { offset: at, gen: 0 });
      const nums = [...this.offsets.keys()].sort((a, b) => a - b);
      const rows = Buffer.alloc(nums.length * 7);
      const index = PDFArray.withContext(ctx);
      nums.forEach((n, i) => {
        const e = this.offsets.get(n) as { offset: number; gen: number };
        rows.writeUInt8(1, i * 7);
        rows.writeUInt32BE(e.offset, i * 7 + 1);
        rows.writeUInt16BE(e.gen, i * 7 + 5);
        index.push(PDFNumber.of(n));
        index.push(PDFNumber.of(1));
      });
      const dict = trailerEntries;
      dict.set(PDFName.of('Type'), PDFName.of('XRef'));
      dict.set(PDFName.of('Size'), PDFNumber.of(this.next));
      dict.set(PDFName.of('W'), ctx.obj([1, 4, 2]));
      dict.set(PDFName.of('Index'), index);
      this.writeStream(self, dict, rows);
      this.push(Buffer.from(`startxref\n${at}\n%%EOF\n`, 'latin1'));
    } else {
      const at = this.length;
      const nums = [...this.offsets.keys()].sort((a, b) => a - b);
      let s = 'xref\n';
      for (let i = 0; i < nums.length;) {
        let j = i;
        while (j + 1 < nums.length && nums[j + 1] === nums[j] + 1) j++;
        s += `${nums[i]} ${j - i + 1}\n`;
        for (let k = i; k <= j; k++) {
          const e = this.offsets.get(nums[k]) as { offset: number; gen: number };
          s += `${String(e.offset).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n\r\n`;
        }
        i = j + 1;
      }
      trailerEntries.set(PDFName.of('Size'), PDFNumber.of(this.next));
      s += `trailer\n${trailerEntries.toString()}\nstartxref\n${at}\n%%EOF\n`;
      this.push(Buffer.from(s, 'latin1'));
    }
    const out = new Uint8Array(this.length);
    out.set(this.rev.bytes, 0);
    let pos = this.rev.bytes.length;
    for (const c of this.chunks) {
      out.set(c, pos);
      pos += c.length;
    }
    return out;
  }
}
