// MP4 (ISO base media) post-processing for the generated videos: the encoder writes the wall
// clock into mvhd/tkhd/mdhd and puts the `moov` index after the media data. normalizeMp4 zeroes
// the times (same input, same bytes) and moves `moov` in front of `mdat` ("fast start": a browser
// can start playing and seeking before it has fetched the whole file). Also a small reader of the
// box tree and the duration, used by the seed's checks and the specs.
'use strict';

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'udta']);

/** The boxes between start and end: { type, start, size, header }. 64-bit sizes handled. */
function boxesOf(buf, start = 0, end = buf.length) {
  const out = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new Error(`bad MP4 box ${type} at ${at}`);
    out.push({ type, start: at, size, header });
    at += size;
  }
  return out;
}

/** Depth-first visit of every box (containers opened). */
function visit(buf, fn, start = 0, end = buf.length) {
  for (const box of boxesOf(buf, start, end)) {
    fn(box);
    if (CONTAINERS.has(box.type)) visit(buf, fn, box.start + box.header, box.start + box.size);
  }
}

/** mvhd/tkhd/mdhd: creation and modification time (version 0: 32-bit, 1: 64-bit) set to 0. */
function zeroTimes(buf) {
  visit(buf, (box) => {
    if (box.type !== 'mvhd' && box.type !== 'tkhd' && box.type !== 'mdhd') return;
    const body = box.start + box.header;
    const version = buf[body];
    const width = version === 1 ? 8 : 4;
    buf.fill(0, body + 4, body + 4 + 2 * width);
  });
}

/**
 * Same bytes for the same frames: times zeroed, `free` boxes dropped, `moov` before `mdat`
 * with every chunk offset (stco/co64) moved by the shift of `mdat`.
 */
function normalizeMp4(input) {
  const buf = Buffer.from(input);
  zeroTimes(buf);
  const top = boxesOf(buf);
  const pick = (t) => top.find((b) => b.type === t);
  const ftyp = pick('ftyp');
  const moov = pick('moov');
  const mdat = pick('mdat');
  if (!ftyp || !moov || !mdat) throw new Error('not an MP4 file with ftyp, moov and mdat');
  const moovBuf = Buffer.from(buf.subarray(moov.start, moov.start + moov.size));
  const newMdatStart = ftyp.size + moov.size;
  const shift = newMdatStart - mdat.start;
  visit(moovBuf, (box) => {
    if (box.type !== 'stco' && box.type !== 'co64') return;
    const body = box.start + box.header;
    const count = moovBuf.readUInt32BE(body + 4);
    for (let i = 0; i < count; i++) {
      if (box.type === 'stco') {
        const at = body + 8 + i * 4;
        moovBuf.writeUInt32BE(moovBuf.readUInt32BE(at) + shift, at);
      } else {
        const at = body + 8 + i * 8;
        moovBuf.writeBigUInt64BE(moovBuf.readBigUInt64BE(at) + BigInt(shift), at);
      }
    }
  });
  return Buffer.concat([
    buf.subarray(ftyp.start, ftyp.start + ftyp.size),
    moovBuf,
    buf.subarray(mdat.start, mdat.start + mdat.size),
  ]);
}

/** Duration in seconds (mvhd), the top-level box order and the video track's sample count. */
function describeMp4(input) {
  const buf = Buffer.from(input);
  const info = {
    top: boxesOf(buf).map((b) => b.type),
    seconds: 0,
    samples: 0,
    width: 0,
    height: 0,
  };
  visit(buf, (box) => {
    const body = box.start + box.header;
    if (box.type === 'mvhd') {
      const v = buf[body];
      const scale = buf.readUInt32BE(body + (v === 1 ? 20 : 12));
      const dur = v === 1 ? Number(buf.readBigUInt64BE(body + 24)) : buf.readUInt32BE(body + 16);
      info.seconds = dur / scale;
    } else if (box.type === 'stsz') {
      info.samples = buf.readUInt32BE(body + 8);
    } else if (box.type === 'tkhd') {
      const v = buf[body];
      const base = body + (v === 1 ? 88 : 76);
      info.width = buf.readUInt32BE(base) / 65536;
      info.height = buf.readUInt32BE(base + 4) / 65536;
    }
  });
  return info;
}

module.exports = { boxesOf, normalizeMp4, describeMp4 };
