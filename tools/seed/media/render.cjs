// Drawing for the generated media: a canvas (@napi-rs/canvas, MIT, its prebuilt binary comes from
// the npm registry) with the DejaVu fonts of the dejavu-fonts-ttf package (no system fonts: the
// same pixels on every machine), and a small layout of math: runs of text and stacked fractions.
'use strict';

const path = require('node:path');

let loaded;
/** The canvas module with the fonts registered (once per process). */
function canvasKit() {
  if (loaded) return loaded;
  const kit = require('@napi-rs/canvas');
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  kit.GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans.ttf'), 'DejaVu Sans');
  kit.GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans-Bold.ttf'), 'DejaVu Sans');
  loaded = kit;
  return kit;
}

const COLORS = {
  ink: '#1b2a3a',
  muted: '#52606d',
  accent: '#0b6e99',
  answer: '#1e7b34',
  rule: '#c9d3dd',
  paper: '#ffffff',
  band: '#eef4f8',
};

const font = (px, weight = 'normal') => `${weight} ${Math.round(px)}px "DejaVu Sans"`;

/**
 * A line of math: strings are text runs, { n, d } a fraction (numerator over denominator),
 * { sup: [base, exp] } a power. Measured first, so it can be centred.
 */
function measureMath(ctx, parts, px) {
  let width = 0;
  for (const p of parts) width += partWidth(ctx, p, px);
  return width;
}

function partWidth(ctx, p, px) {
  if (typeof p === 'string') {
    ctx.font = font(px);
    return ctx.measureText(p).width;
  }
  if (p.n !== undefined) {
    ctx.font = font(px * 0.8);
    return Math.max(ctx.measureText(p.n).width, ctx.measureText(p.d).width) + px * 0.5;
  }
  ctx.font = font(px);
  const base = ctx.measureText(p.sup[0]).width;
  ctx.font = font(px * 0.6);
  return base + ctx.measureText(p.sup[1]).width + 2;
}

/** Draws a line of math with its baseline at y, starting at x; returns its width. */
function drawMath(ctx, parts, x, y, px, color = COLORS.ink) {
  let at = x;
  ctx.fillStyle = color;
  ctx.strokeStyle = color;
  ctx.textBaseline = 'alphabetic';
  for (const p of parts) {
    const w = partWidth(ctx, p, px);
    if (typeof p === 'string') {
      ctx.font = font(px);
      ctx.fillText(p, at, y);
    } else if (p.n !== undefined) {
      const mid = y - px * 0.32;
      ctx.font = font(px * 0.8);
      const nw = ctx.measureText(p.n).width;
      const dw = ctx.measureText(p.d).width;
      ctx.fillText(p.n, at + (w - nw) / 2, mid - px * 0.2);
      ctx.fillText(p.d, at + (w - dw) / 2, mid + px * 0.78);
      ctx.lineWidth = Math.max(2, px / 18);
      ctx.beginPath();
      ctx.moveTo(at + px * 0.12, mid);
      ctx.lineTo(at + w - px * 0.12, mid);
      ctx.stroke();
    } else {
      ctx.font = font(px);
      ctx.fillText(p.sup[0], at, y);
      const bw = ctx.measureText(p.sup[0]).width;
      ctx.font = font(px * 0.6);
      ctx.fillText(p.sup[1], at + bw + 2, y - px * 0.45);
    }
    at += w;
  }
  return at - x;
}

/** Wraps plain text to a width; returns the lines. */
function wrapText(ctx, text, width, px, weight) {
  ctx.font = font(px, weight);
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

module.exports = { canvasKit, COLORS, font, measureMath, drawMath, wrapText };
