// The workbooks' solution videos, generated: each is a short run of slides (title, the problem,
// its worked steps one by one, the answer) drawn on a canvas and encoded as H.264 in MP4 with
// h264-mp4-encoder (MIT; WebAssembly build of the public-domain minih264 encoder and the MPL
// libmp4v2 muxer, all from the npm registry). Same script, same bytes (normalizeMp4).
'use strict';

const { canvasKit, COLORS, font, measureMath, drawMath, wrapText } = require('./render.cjs');
const { normalizeMp4 } = require('./mp4.cjs');

/** A fraction part of a math line. */
const frac = (n, d) => ({ n: String(n), d: String(d) });

/**
 * The videos of each workbook. `chapter` names the chapter a video explains: matched against
 * the manifest's chapters (objective, title and topics, case-insensitive), first match wins.
 */
const VIDEO_SCRIPTS = {
  teas_math_workbook: {
    folder: 'TEAS-Math-Workbook',
    title: 'TEAS Math Workbook',
    videos: [
      {
        slug: '01-multiplying-fractions',
        title: 'Multiplying fractions',
        chapter: /fraction/i,
        problem: { text: 'Multiply and simplify.', math: [frac(3, 4), ' × ', frac(2, 5)] },
        steps: [
          {
            text: 'Multiply the numerators: 3 × 2 = 6.',
            math: [frac(3, 4), ' × ', frac(2, 5), ' = ', frac('3 × 2', '4 × 5')],
          },
          { text: 'Multiply the denominators: 4 × 5 = 20.', math: [' = ', frac(6, 20)] },
          {
            text: 'Divide top and bottom by their common factor 2.',
            math: [frac(6, 20), ' = ', frac('6 ÷ 2', '20 ÷ 2'), ' = ', frac(3, 10)],
          },
        ],
        answer: [frac(3, 10), '  (0.3)'],
      },
      {
        slug: '02-percent-of-a-number',
        title: 'Finding a percent of a number',
        chapter: /percent/i,
        problem: { text: 'What is 35% of 240?', math: ['35% of 240 = ?'] },
        steps: [
          {
            text: 'Write the percent as a decimal: divide by 100.',
            math: ['35% = ', frac(35, 100), ' = 0.35'],
          },
          { text: '"Of" means multiply.', math: ['0.35 × 240'] },
          { text: 'Multiply.', math: ['0.35 × 240 = 84'] },
        ],
        answer: ['84'],
      },
      {
        slug: '03-solving-linear-equations',
        title: 'Solving a linear equation',
        chapter: /equation/i,
        problem: { text: 'Solve for x.', math: ['3x + 7 = 25'] },
        steps: [
          { text: 'Subtract 7 from both sides.', math: ['3x + 7 − 7 = 25 − 7,  so  3x = 18'] },
          { text: 'Divide both sides by 3.', math: [frac('3x', 3), ' = ', frac(18, 3)] },
          { text: 'Check: 3 × 6 + 7 = 25. ✓', math: ['x = 6'] },
        ],
        answer: ['x = 6'],
      },
    ],
  },
  med_dosage_workbook: {
    folder: 'Med-Dosage-Workbook',
    title: 'Med Dosage Workbook',
    videos: [
      {
        slug: '01-milligrams-to-grams',
        title: 'Converting milligrams to grams',
        chapter: /conver|metric|unit/i,
        problem: { text: 'Convert 750 mg to grams.', math: ['750 mg = ? g'] },
        steps: [
          {
            text: 'There are 1,000 mg in 1 g: use it as a conversion factor.',
            math: [frac('1 g', '1000 mg')],
          },
          { text: 'Multiply so that mg cancels.', math: ['750 mg × ', frac('1 g', '1000 mg')] },
          { text: 'Divide.', math: [frac('750', '1000'), ' g = 0.75 g'] },
        ],
        answer: ['0.75 g'],
      },
      {
        slug: '02-tablets-per-dose',
        title: 'How many tablets?',
        chapter: /tablet|oral|solid|dose/i,
        problem: {
          text: 'Ordered: 500 mg. On hand: 250 mg tablets. How many tablets?',
          math: [frac('Desired', 'Have'), ' × Quantity'],
        },
        steps: [
          { text: 'Put the ordered dose over the dose on hand.', math: [frac('500 mg', '250 mg')] },
          {
            text: 'Multiply by the quantity of one tablet.',
            math: [frac('500 mg', '250 mg'), ' × 1 tablet'],
          },
          { text: 'mg cancels; 500 ÷ 250 = 2.', math: ['= 2 tablets'] },
        ],
        answer: ['2 tablets'],
      },
      {
        slug: '03-iv-drip-rate',
        title: 'IV drip rate in drops per minute',
        chapter: /\bIV\b|infusion|drip/i,
        problem: {
          text: 'Infuse 1,000 mL over 8 hours with a 15 gtt/mL set. How many gtt/min?',
          math: [frac('Volume × drop factor', 'Time in minutes')],
        },
        steps: [
          { text: 'Change hours to minutes: 8 h × 60 = 480 min.', math: ['8 h = 480 min'] },
          { text: 'Fill in the formula.', math: [frac('1000 mL × 15 gtt/mL', '480 min')] },
          { text: '15,000 ÷ 480 = 31.25; round to a whole drop.', math: ['≈ 31 gtt/min'] },
        ],
        answer: ['31 gtt/min'],
      },
    ],
  },
};

const SIZE = { width: 960, height: 540 };
const FPS = 5;
/** Seconds each slide stays on screen. */
const SLIDE_SECONDS = { title: 3, problem: 3, step: 3, answer: 3 };

/** Slides of one video: { kind, seconds, draw(ctx, progress) }. */
function slidesOf(workbookTitle, v) {
  const { width: W, height: H } = SIZE;
  const frame = (ctx, heading) => {
    ctx.fillStyle = COLORS.paper;
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = COLORS.band;
    ctx.fillRect(0, 0, W, 64);
    ctx.fillStyle = COLORS.accent;
    ctx.font = font(22, 'bold');
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(workbookTitle, 32, 41);
    ctx.fillStyle = COLORS.muted;
    ctx.font = font(20);
    const hw = ctx.measureText(heading).width;
    ctx.fillText(heading, W - 32 - hw, 41);
  };
  const centred = (ctx, parts, y, px, color) =>
    drawMath(ctx, parts, (W - measureMath(ctx, parts, px)) / 2, y, px, color);
  const problemBlock = (ctx, y, px) => {
    ctx.fillStyle = COLORS.ink;
    for (const line of wrapText(ctx, v.problem.text, W - 96, px * 0.7)) {
      ctx.font = font(px * 0.7);
      ctx.fillText(line, 48, y);
      y += px;
    }
    drawMath(ctx, v.problem.math, 48, y + px * 0.6, px);
    return y + px * 1.8;
  };
  const slides = [];
  slides.push({
    seconds: SLIDE_SECONDS.title,
    draw(ctx) {
      frame(ctx, 'Worked example');
      ctx.fillStyle = COLORS.ink;
      const lines = wrapText(ctx, v.title, W - 160, 56, 'bold');
      let y = H / 2 - (lines.length - 1) * 34;
      for (const line of lines) {
        ctx.font = font(56, 'bold');
        ctx.fillText(line, (W - ctx.measureText(line).width) / 2, y);
        y += 68;
      }
      ctx.fillStyle = COLORS.muted;
      ctx.font = font(24);
      const sub = `${v.steps.length} steps · answer at the end`;
      ctx.fillText(sub, (W - ctx.measureText(sub).width) / 2, y + 20);
    },
  });
  slides.push({
    seconds: SLIDE_SECONDS.problem,
    draw(ctx) {
      frame(ctx, 'Problem');
      ctx.fillStyle = COLORS.accent;
      ctx.font = font(30, 'bold');
      ctx.fillText('Problem', 48, 130);
      problemBlock(ctx, 190, 48);
    },
  });
  v.steps.forEach((_, index) => {
    slides.push({
      seconds: SLIDE_SECONDS.step,
      draw(ctx) {
        frame(ctx, `Step ${index + 1} of ${v.steps.length}`);
        let y = 120;
        for (let i = 0; i <= index; i++) {
          const s = v.steps[i];
          const current = i === index;
          ctx.fillStyle = current ? COLORS.accent : COLORS.muted;
          ctx.font = font(24, 'bold');
          ctx.fillText(`${i + 1}.`, 40, y);
          ctx.font = font(24);
          ctx.fillStyle = current ? COLORS.ink : COLORS.muted;
          ctx.fillText(s.text, 80, y);
          drawMath(ctx, s.math, 80, y + 62, 38, current ? COLORS.ink : COLORS.muted);
          y += 130;
        }
      },
    });
  });
  slides.push({
    seconds: SLIDE_SECONDS.answer,
    draw(ctx) {
      frame(ctx, 'Answer');
      ctx.fillStyle = COLORS.muted;
      ctx.font = font(26);
      const t = 'Answer';
      ctx.fillText(t, (W - ctx.measureText(t).width) / 2, 190);
      const px = 64;
      const w = measureMath(ctx, v.answer, px);
      ctx.strokeStyle = COLORS.answer;
      ctx.lineWidth = 4;
      ctx.strokeRect((W - w) / 2 - 32, 230, w + 64, 150);
      centred(ctx, v.answer, 330, px, COLORS.answer);
    },
  });
  return slides;
}

/** Seconds of a video (its slides). */
function videoSeconds(v) {
  return slidesOf('', v).reduce((s, x) => s + x.seconds, 0);
}

/** A progress line at the bottom: moves every frame, so playing and seeking are visible. */
function drawProgress(ctx, fraction) {
  const { width: W, height: H } = SIZE;
  ctx.fillStyle = COLORS.rule;
  ctx.fillRect(0, H - 8, W, 8);
  ctx.fillStyle = COLORS.accent;
  ctx.fillRect(0, H - 8, Math.round(W * fraction), 8);
}

/** Encodes frames (RGBA) of width x height at fps into a normalized MP4. */
async function encodeFrames({ width, height, fps, frames, keyEverySeconds = 2, qp = 22 }) {
  const HME = require('h264-mp4-encoder');
  const enc = await HME.createH264MP4Encoder();
  enc.width = width;
  enc.height = height;
  enc.frameRate = fps;
  enc.quantizationParameter = qp;
  enc.speed = 10;
  enc.groupOfPictures = Math.max(1, Math.round(fps * keyEverySeconds));
  enc.outputFilename = `examprep-${process.pid}-${Math.random().toString(36).slice(2)}.mp4`;
  enc.initialize();
  // a view of this realm's Uint8Array (embind checks instanceof; under Jest the canvas's array
  // comes from another realm)
  for (const rgba of frames())
    enc.addFrameRgba(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength));
  enc.finalize();
  const out = enc.FS.readFile(enc.outputFilename);
  enc.FS.unlink(enc.outputFilename);
  enc.delete();
  return normalizeMp4(Buffer.from(out));
}

/** Renders one video of a workbook to MP4 bytes. */
async function renderVideo(workbookTitle, v) {
  const { createCanvas } = canvasKit();
  const { width, height } = SIZE;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const slides = slidesOf(workbookTitle, v);
  const total = slides.reduce((s, x) => s + x.seconds * FPS, 0);
  function* frames() {
    let n = 0;
    for (const slide of slides) {
      for (let f = 0; f < slide.seconds * FPS; f++, n++) {
        slide.draw(ctx);
        drawProgress(ctx, (n + 1) / total);
        yield ctx.getImageData(0, 0, width, height).data;
      }
    }
  }
  return encodeFrames({ width, height, fps: FPS, frames });
}

/** Object path of a workbook video (types/media.ts WORKBOOK_VIDEO_PATH). */
const videoPath = (folder, slug) => `Workbooks/${folder}/videos/${slug}.mp4`;

/** Every video of every workbook: { productId, path, title, seconds, render() }. */
function videoPlan() {
  const out = [];
  for (const [productId, wb] of Object.entries(VIDEO_SCRIPTS)) {
    for (const v of wb.videos) {
      out.push({
        productId,
        path: videoPath(wb.folder, v.slug),
        title: v.title,
        chapter: v.chapter,
        seconds: videoSeconds(v),
        render: () => renderVideo(wb.title, v),
      });
    }
  }
  return out;
}

/**
 * The manifest's chapters with their videos: each video goes to the first chapter whose
 * objective, title or topics match its pattern (the first chapter when none does).
 */
function attachVideos(chapters, productId, plan = videoPlan()) {
  const out = chapters.map((c) => ({ ...c, videos: [] }));
  for (const v of plan.filter((p) => p.productId === productId)) {
    const hay = (c) => [c.objective, c.title, ...(c.topics || [])].join(' ');
    const target = out.find((c) => v.chapter.test(hay(c))) ?? out[0];
    if (target) target.videos.push({ title: v.title, path: v.path, seconds: v.seconds });
  }
  return out;
}

/** A tiny clip for browser tests: 2 s at 320x180, a moving bar and a label. */
async function renderTinyClip() {
  const { createCanvas } = canvasKit();
  const width = 320;
  const height = 180;
  const fps = 10;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  function* frameData() {
    for (let f = 0; f < 2 * fps; f++) {
      ctx.fillStyle = COLORS.paper;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = COLORS.ink;
      ctx.font = font(22, 'bold');
      ctx.fillText('Test video', 20, 50);
      ctx.font = font(16);
      ctx.fillText(`frame ${f + 1} of ${2 * fps}`, 20, 85);
      ctx.fillStyle = COLORS.accent;
      ctx.fillRect(20, 120, Math.round(((f + 1) / (2 * fps)) * 280), 20);
      yield ctx.getImageData(0, 0, width, height).data;
    }
  }
  return encodeFrames({ width, height, fps, frames: frameData, keyEverySeconds: 1, qp: 26 });
}

module.exports = {
  VIDEO_SCRIPTS,
  SIZE,
  FPS,
  videoPlan,
  attachVideos,
  renderVideo,
  renderTinyClip,
  encodeFrames,
};
