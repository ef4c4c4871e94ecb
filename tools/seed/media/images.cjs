// Generated images: diagrams for a few seeded sample questions (their question image, admin
// spec §3 Images/{qid}-que.png) drawn from the numbers in the question's own text, the texture
// of the 3D asset packs, and a small PNG for the browser tests. PNG bytes from the canvas.
'use strict';

const { canvasKit, COLORS, font } = require('./render.cjs');

function surface(width, height) {
  const { createCanvas } = canvasKit();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = COLORS.paper;
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

const png = (canvas) => Buffer.from(canvas.toBuffer('image/png'));

function label(ctx, text, x, y, px = 22, color = COLORS.ink, align = 'center') {
  ctx.font = font(px);
  ctx.fillStyle = color;
  const w = ctx.measureText(text).width;
  ctx.fillText(text, align === 'center' ? x - w / 2 : x, y);
}

/** A circle with its radius drawn and labelled. */
function circleDiagram(radius, unit) {
  const { canvas, ctx } = surface(480, 360);
  const cx = 240;
  const cy = 180;
  const r = 130;
  ctx.strokeStyle = COLORS.accent;
  ctx.lineWidth = 4;
  ctx.fillStyle = COLORS.band;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = COLORS.ink;
  ctx.beginPath();
  ctx.arc(cx, cy, 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = COLORS.ink;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(cx, cy);
  ctx.lineTo(cx + r, cy);
  ctx.stroke();
  label(ctx, `r = ${radius} ${unit}`, cx + r / 2, cy - 14, 24);
  label(ctx, 'Area = ?', cx, cy + 60, 22, COLORS.muted);
  return png(canvas);
}

/** A cube in oblique projection with one edge labelled. */
function cubeDiagram(edge, unit) {
  const { canvas, ctx } = surface(480, 360);
  const s = 170;
  const d = 70;
  const x = 120;
  const y = 120;
  const front = [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
  ];
  const back = front.map(([a, b]) => [a + d, b - d]);
  ctx.fillStyle = COLORS.band;
  ctx.fillRect(x, y, s, s);
  ctx.strokeStyle = COLORS.accent;
  ctx.lineWidth = 3;
  const line = (p, q, dashed = false) => {
    ctx.setLineDash(dashed ? [8, 6] : []);
    ctx.beginPath();
    ctx.moveTo(p[0], p[1]);
    ctx.lineTo(q[0], q[1]);
    ctx.stroke();
  };
  for (let i = 0; i < 4; i++) {
    line(front[i], front[(i + 1) % 4]);
    line(back[i], back[(i + 1) % 4], i === 2 || i === 3);
    line(front[i], back[i], i === 3);
  }
  ctx.setLineDash([]);
  label(ctx, `${edge} ${unit}`, x + s / 2, y + s + 36, 24);
  label(ctx, 'All edges are equal', 240, 40, 20, COLORS.muted);
  return png(canvas);
}

/** Two bars in proportion: the mixing ratio a : b. */
function ratioDiagram(a, aLabel, b, bLabel) {
  const { canvas, ctx } = surface(480, 360);
  const max = Math.max(a, b);
  const bar = (value, text, x, color) => {
    const h = Math.max(8, Math.round((value / max) * 220));
    ctx.fillStyle = color;
    ctx.fillRect(x, 290 - h, 110, h);
    label(ctx, text, x + 55, 320, 20);
  };
  bar(a, aLabel, 100, COLORS.answer);
  bar(b, bLabel, 270, COLORS.accent);
  ctx.strokeStyle = COLORS.ink;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(70, 290);
  ctx.lineTo(410, 290);
  ctx.stroke();
  label(ctx, `${a} : ${b}`, 240, 40, 26);
  return png(canvas);
}

/**
 * The diagrams for seeded questions: for each question whose generator topic has a diagram,
 * its numbers are read from its text. At most `limit` questions; a text that does not match
 * is skipped. → [{ qid, path, body }]
 */
function questionDiagrams(questions, limit = 3) {
  const makers = [
    {
      test: /^teas_perimeter_area/,
      draw(q) {
        const m = /circle has a radius of (\d+(?:\.\d+)?) (\w+)/i.exec(q.question);
        return m ? circleDiagram(m[1], m[2]) : null;
      },
    },
    {
      test: /^teas_volume/,
      draw(q) {
        const m = /cube has edges (\d+(?:\.\d+)?) (\w+) long/i.exec(q.question);
        return m ? cubeDiagram(m[1], m[2]) : null;
      },
    },
    {
      test: /^teas_ratio_proportion/,
      draw(q) {
        const m =
          /(\d+(?:\.\d+)?) (mL|g|mg) of (\w+) for every (\d+(?:\.\d+)?) (mL|g|mg) of (\w+)/i.exec(
            q.question,
          );
        return m
          ? ratioDiagram(
              Number(m[1]),
              `${m[1]} ${m[2]} ${m[3]}`,
              Number(m[4]),
              `${m[4]} ${m[5]} ${m[6]}`,
            )
          : null;
      },
    },
  ];
  const out = [];
  for (const q of questions) {
    if (out.length >= limit) break;
    const maker = makers.find((m) => m.test.test(q.generatedFrom || ''));
    const body = maker?.draw(q);
    if (body) out.push({ qid: q._id, path: `Images/${q._id}-que.png`, body });
  }
  return out;
}

/** A checkerboard texture for the 3D packs (size x size). */
function texturePng(size, a, b) {
  const { canvas, ctx } = surface(size, size);
  const cell = size / 8;
  for (let i = 0; i < 8; i++) {
    for (let j = 0; j < 8; j++) {
      ctx.fillStyle = (i + j) % 2 ? a : b;
      ctx.fillRect(i * cell, j * cell, cell, cell);
    }
  }
  return png(canvas);
}

/** A small labelled PNG for the browser tests (200 x 120). */
function fixturePng() {
  const { canvas, ctx } = surface(200, 120);
  ctx.strokeStyle = COLORS.accent;
  ctx.lineWidth = 4;
  ctx.strokeRect(2, 2, 196, 116);
  label(ctx, 'Test image', 100, 55, 22);
  label(ctx, '200 × 120', 100, 88, 16, COLORS.muted);
  return png(canvas);
}

module.exports = {
  circleDiagram,
  cubeDiagram,
  ratioDiagram,
  questionDiagrams,
  texturePng,
  fixturePng,
};
