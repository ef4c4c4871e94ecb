#!/usr/bin/env node
// Workbook PDFs (issue 13) built from the question generators (libs/generators, built):
// a title page, a table of contents, one chapter per objective with a section per topic,
// numbered questions (choices lettered), and an answer key with the generators' worked
// solutions, the math typeset (typeset.cjs: stacked fractions, exponents, operators, tables)
// in DejaVu Sans embedded from npm (dejavu-fonts-ttf: Bitstream Vera licence + public domain).
// Deterministic: fixed seeds, fixed dates, no random names, so every run gives the same bytes.
//
//   buildWorkbook(spec) -> Promise<{ pdf: Uint8Array, manifest }>
//   node tools/seed/workbooks/build-workbook.cjs [teas_math_workbook|med_dosage_workbook] [out.pdf]
//
// The bottom 36 pt of every page stay empty: that is where the buyer's stamp goes.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const {
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFHexString,
  PDFArray,
  PDFNull,
  rgb,
} = require('pdf-lib');
const fontkit = require('@pdf-lib/fontkit');
const { COURSE_DEFINITIONS, generate } = require('@examprep/generators');
const { drawString, Fonts, textBox, formula, paragraph, plainFraction } = require('./typeset.cjs');

/** The two seeded workbooks. */
const WORKBOOKS = {
  teas_math_workbook: {
    productId: 'teas_math_workbook',
    title: 'TEAS Math Workbook',
    subtitle: 'Practice questions with worked solutions for the ATI TEAS Mathematics section',
    course: 'teas_math',
    pdfPath: 'Workbooks/TEAS-Math-Workbook.pdf',
    questionsPerTopic: 64,
    salt: 'teas-workbook',
  },
  med_dosage_workbook: {
    productId: 'med_dosage_workbook',
    title: 'Med Dosage Workbook',
    subtitle: 'Medication dosage calculations with dimensional-analysis solutions',
    course: 'med_dosage',
    pdfPath: 'Workbooks/Med-Dosage-Workbook.pdf',
    questionsPerTopic: 17,
    salt: 'med-workbook',
  },
};

const AUTHOR = 'NurseMath Prep';
/** Fixed document dates: the same bytes on every run. */
const DOC_DATE = new Date('2026-11-01T00:00:00Z');

const PAGE_W = 612; // US Letter
const PAGE_H = 792;
const MARGIN_X = 60;
const TOP = PAGE_H - 70; // first baseline area below the running header
const BOTTOM = 76; // content ends here; page number below it, the stamp zone below that
const TEXT_W = PAGE_W - 2 * MARGIN_X;
const SIZE = 10.5;
const GREY = rgb(0.42, 0.42, 0.42);
const ACCENT = rgb(0.11, 0.33, 0.55);
const RULE = rgb(0.75, 0.75, 0.75);
const LETTERS = 'ABCDEFGH';

const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** FNV-1a: a stable 32-bit seed from a string. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Chapters (objectives with generators) and their questions, deterministic. */
function collectQuestions(spec) {
  const def = COURSE_DEFINITIONS.find((c) => c.id === spec.course);
  if (!def) throw new Error(`unknown course ${spec.course}`);
  const chapters = [];
  let number = 0;
  for (const o of def.objectives) {
    // Pump topics are answered on the pump face (issue 14): not printable, never in a workbook.
    const topics = o.topics.filter((t) => t.generate && t.answeredOn !== 'pump');
    if (topics.length === 0) continue;
    const sections = topics.map((t) => {
      const seen = new Set();
      const items = [];
      for (
        let i = 0;
        items.length < spec.questionsPerTopic && i < spec.questionsPerTopic * 50;
        i++
      ) {
        const item = generate(t.key, hash(`${spec.salt}|${t.key}|${i}`));
        if (seen.has(item.question)) continue;
        seen.add(item.question);
        items.push(item);
      }
      return { key: t.key, name: t.name, items };
    });
    chapters.push({
      number: ++number,
      title: o.name,
      objective: `${o.section} - ${o.name}`,
      section: o.section,
      sections,
    });
  }
  let q = 0;
  for (const ch of chapters) for (const s of ch.sections) for (const it of s.items) it.no = ++q;
  return { chapters, questionCount: q };
}

/** Pages as display lists; drawn into the document at the end (page numbers known by then). */
class Flow {
  constructor(doc, fonts, header) {
    this.doc = doc;
    this.fonts = fonts;
    this.header = header; // (pageIndex) -> {left, right}
    this.page = null;
    this.y = 0;
  }
  newPage(running) {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.y = TOP;
    this.pageIndex = this.doc.getPageCount() - 1;
    if (running) this.running = running;
    return this.page;
  }
  space(h) {
    this.y -= h;
  }
  /** Makes room for `h` points, starting a new page when they do not fit. */
  need(h) {
    if (this.y - h < BOTTOM) this.newPage();
  }
  /** Places laid-out lines at x; a line that does not fit starts a new page. */
  lines(lines, x, { keep = false, leading = SIZE * 0.3, before } = {}) {
    if (keep) {
      const total = lines.reduce(
        (s, l) => s + (l.gapBefore || 0) + l.a + l.d + (l.gapAfter || 0) + leading,
        0,
      );
      if (total <= TOP - BOTTOM) this.need(total);
    }
    let first = true;
    for (const l of lines) {
      this.y -= l.gapBefore || 0;
      if (this.y - l.a - l.d < BOTTOM) this.newPage();
      const base = this.y - l.a;
      l.draw(this.page, x, base);
      if (first && before) before(this.page, base);
      first = false;
      this.y = base - l.d - leading - (l.gapAfter || 0);
    }
  }
}

function drawRunning(page, fonts, title, running, pageNo) {
  if (running) {
    drawString(page, title, {
      x: MARGIN_X,
      y: PAGE_H - 40,
      size: 8,
      font: fonts.faces.regular,
      color: GREY,
    });
    const w = fonts.width('regular', running, 8);
    drawString(page, running, {
      x: PAGE_W - MARGIN_X - w,
      y: PAGE_H - 40,
      size: 8,
      font: fonts.faces.regular,
      color: GREY,
    });
    page.drawLine({
      start: { x: MARGIN_X, y: PAGE_H - 46 },
      end: { x: PAGE_W - MARGIN_X, y: PAGE_H - 46 },
      thickness: 0.5,
      color: RULE,
    });
  }
  const label = String(pageNo);
  const w = fonts.width('regular', label, 9);
  drawString(page, label, {
    x: (PAGE_W - w) / 2,
    y: 48,
    size: 9,
    font: fonts.faces.regular,
    color: GREY,
  });
}

/** Choice text: a plain fraction becomes a typeset one; everything else stays text. */
function choiceBox(fonts, text, size, width) {
  const frac = plainFraction(text);
  if (frac) return { lines: [lineFromBox(formula(fonts, frac, size, false, width), size)] };
  return { lines: paragraph(fonts, text, { size, width }) };
}

function lineFromBox(box, size) {
  return {
    w: box.w,
    a: Math.max(box.a, size * 0.8),
    d: Math.max(box.d, size * 0.25),
    draw: box.draw,
  };
}

/** One question: number in the gutter, the question, then the lettered choices or a blank. */
function drawQuestion(flow, item) {
  const { fonts } = flow;
  const indent = 26;
  const width = TEXT_W - indent;
  const qLines = paragraph(fonts, item.question, { size: SIZE, width });
  const blocks = [];
  if (item.type === 'blank' || item.choices.length === 0) {
    const label = textBox(fonts, 'regular', 'Answer: ', SIZE);
    const rule = {
      w: 120,
      a: 0,
      d: 0,
      draw(page, x, y) {
        page.drawLine({
          start: { x, y: y - 2 },
          end: { x: x + 120, y: y - 2 },
          thickness: 0.6,
          color: GREY,
        });
      },
    };
    blocks.push({
      lines: [
        lineFromBox(
          {
            w: label.w + rule.w,
            a: label.a,
            d: label.d,
            draw(p, x, y) {
              label.draw(p, x, y);
              rule.draw(p, x + label.w, y);
            },
          },
          SIZE,
        ),
      ],
    });
  } else {
    const lw = fonts.width('bold', 'D.  ', SIZE);
    const choices = item.choices.map((c) => choiceBox(fonts, c, SIZE, width - lw));
    const widest = Math.max(...choices.map((c) => Math.max(...c.lines.map((l) => l.w)) + lw));
    const cols = widest < width / 4 - 8 ? 4 : widest < width / 2 - 12 ? 2 : 1;
    const colW = width / cols;
    for (let r = 0; r < Math.ceil(choices.length / cols); r++) {
      const row = choices.slice(r * cols, r * cols + cols);
      const a = Math.max(...row.map((c) => c.lines[0].a));
      const d = Math.max(...row.map((c) => c.lines[c.lines.length - 1].d));
      if (cols === 1) {
        const c = row[0];
        const letter = LETTERS[r];
        const lines = c.lines.map((l, i) => ({
          ...l,
          draw(page, x, y) {
            if (i === 0)
              drawString(page, `${letter}.`, {
                x,
                y,
                size: SIZE,
                font: fonts.faces.bold,
                color: ACCENT,
              });
            l.draw(page, x + lw, y);
          },
        }));
        blocks.push({ lines });
      } else {
        blocks.push({
          lines: [
            {
              w: width,
              a,
              d,
              draw(page, x, y) {
                row.forEach((c, i) => {
                  const cx = x + i * colW;
                  drawString(page, `${LETTERS[r * cols + i]}.`, {
                    x: cx,
                    y,
                    size: SIZE,
                    font: fonts.faces.bold,
                    color: ACCENT,
                  });
                  c.lines[0].draw(page, cx + lw, y);
                });
              },
            },
          ],
        });
      }
    }
  }
  const all = [...qLines];
  all[all.length - 1] = {
    ...all[all.length - 1],
    gapAfter: (all[all.length - 1].gapAfter || 0) + 3,
  };
  for (const b of blocks) all.push(...b.lines);
  const num = `${item.no}.`;
  flow.lines(all, MARGIN_X + indent, {
    keep: true,
    before(page, base) {
      const w = fonts.width('bold', num, SIZE);
      drawString(page, num, {
        x: MARGIN_X + indent - 6 - w,
        y: base,
        size: SIZE,
        font: fonts.faces.bold,
        color: rgb(0, 0, 0),
      });
    },
  });
  flow.space(8);
}

function heading(
  flow,
  text,
  size,
  { color = ACCENT, face = 'bold', gapBefore = 6, gapAfter = 6 } = {},
) {
  const lines = paragraph(flow.fonts, text, { size, width: TEXT_W, face, color });
  flow.y -= gapBefore;
  flow.need(lines.reduce((s, l) => s + l.a + l.d, 0) + 60); // never alone at a page's foot
  const page = flow.page;
  const y = flow.y;
  flow.lines(lines, MARGIN_X, { leading: size * 0.25 });
  flow.y -= gapAfter;
  return { page, y };
}

function answerText(item) {
  const show = (a) => {
    const frac = plainFraction(a);
    return frac ? `\\(${frac}\\)` : a;
  };
  if (item.type === 'single') {
    const i = item.choices.indexOf(item.correctAnswer[0]);
    return `${LETTERS[i]}. ${show(item.correctAnswer[0])}`;
  }
  return item.correctAnswer.map(show).join(', ');
}

/** Outline (bookmarks): [{title, page, y, children}] under the catalog's /Outlines. */
function addOutline(doc, entries) {
  const ctx = doc.context;
  const rootRef = ctx.nextRef();
  const build = (list, parentRef) => {
    const refs = list.map(() => ctx.nextRef());
    let count = 0;
    list.forEach((e, i) => {
      const dict = ctx.obj({});
      dict.set(PDFName.of('Title'), PDFHexString.fromText(e.title));
      dict.set(PDFName.of('Parent'), parentRef);
      if (i > 0) dict.set(PDFName.of('Prev'), refs[i - 1]);
      if (i < list.length - 1) dict.set(PDFName.of('Next'), refs[i + 1]);
      const dest = PDFArray.withContext(ctx);
      dest.push(e.page.ref);
      dest.push(PDFName.of('XYZ'));
      dest.push(PDFNull);
      dest.push(PDFNumber.of(Math.round(e.y + 14)));
      dest.push(PDFNull);
      dict.set(PDFName.of('Dest'), dest);
      if (e.children && e.children.length) {
        const sub = build(e.children, refs[i]);
        dict.set(PDFName.of('First'), sub.first);
        dict.set(PDFName.of('Last'), sub.last);
        dict.set(PDFName.of('Count'), PDFNumber.of(-sub.count)); // closed
      }
      count += 1;
      ctx.assign(refs[i], dict);
    });
    return { first: refs[0], last: refs[refs.length - 1], count };
  };
  const top = build(entries, rootRef);
  const root = ctx.obj({});
  root.set(PDFName.of('Type'), PDFName.of('Outlines'));
  root.set(PDFName.of('First'), top.first);
  root.set(PDFName.of('Last'), top.last);
  root.set(PDFName.of('Count'), PDFNumber.of(top.count));
  ctx.assign(rootRef, root);
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** A clickable area going to a page (table of contents). */
function addLink(doc, page, rect, target) {
  const ctx = doc.context;
  const annot = ctx.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    Dest: [target.page.ref, 'XYZ', null, Math.round(target.y + 14), null],
  });
  const ref = ctx.register(annot);
  let annots = page.node.Annots();
  if (!annots) {
    annots = ctx.obj([]);
    page.node.set(PDFName.of('Annots'), annots);
  }
  annots.push(ref);
}

/**
 * Builds a workbook PDF. `spec`: one of WORKBOOKS, or {productId, title, subtitle, course,
 * pdfPath, questionsPerTopic, salt}. Returns the PDF bytes and its manifest (the
 * WorkbookManifest fields but `updatedAt`; chapters' `videos` empty).
 */
async function buildWorkbook(spec) {
  const { chapters, questionCount } = collectQuestions(spec);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const load = (f) => fs.readFileSync(path.join(FONT_DIR, f));
  const fonts = new Fonts({
    regular: await doc.embedFont(load('DejaVuSans.ttf'), { subset: true }),
    bold: await doc.embedFont(load('DejaVuSans-Bold.ttf'), { subset: true }),
    italic: await doc.embedFont(load('DejaVuSerif-Italic.ttf'), { subset: true }),
  });
  const flow = new Flow(doc, fonts);
  const running = new Map(); // page index -> running header text

  // --- title page
  const title = flow.newPage();
  title.drawRectangle({ x: 0, y: PAGE_H - 260, width: PAGE_W, height: 260, color: ACCENT });
  drawString(title, AUTHOR, {
    x: MARGIN_X,
    y: PAGE_H - 90,
    size: 14,
    font: fonts.faces.bold,
    color: rgb(1, 1, 1),
  });
  drawString(title, spec.title, {
    x: MARGIN_X,
    y: PAGE_H - 170,
    size: 34,
    font: fonts.faces.bold,
    color: rgb(1, 1, 1),
  });
  flow.y = PAGE_H - 205;
  flow.lines(
    paragraph(fonts, spec.subtitle, { size: 13, width: TEXT_W, color: rgb(1, 1, 1) }),
    MARGIN_X,
  );
  flow.y = PAGE_H - 320;
  const facts = [
    `${questionCount.toLocaleString('en-US')} questions in ${chapters.length} chapters, one per objective, with a section per topic.`,
    'Every question has a worked, step-by-step solution in the answer key at the end of the book.',
    'Fractions, units and formulas are written as you will see them on the test, for example \\(\\frac{3}{4} \\times 12 = 9\\) and \\(\\frac{500\\,\\text{mg}}{1} \\times \\frac{1\\,\\text{tab}}{250\\,\\text{mg}} = 2\\,\\text{tab}\\).',
    'Work each section with a pencil and a four-function calculator, then check your answers.',
  ];
  for (const f of facts) {
    flow.lines(paragraph(fonts, f, { size: 12, width: TEXT_W - 16 }), MARGIN_X + 16, {
      before(page, base) {
        drawString(page, '\u2022', {
          x: MARGIN_X,
          y: base,
          size: 12,
          font: fonts.faces.bold,
          color: ACCENT,
        });
      },
    });
    flow.space(6);
  }
  drawString(title, `\u00a9 2026 ${AUTHOR}. For the licensed buyer's personal study only.`, {
    x: MARGIN_X,
    y: 90,
    size: 9,
    font: fonts.faces.regular,
    color: GREY,
  });

  // --- table of contents: its page count is known before the chapters are laid out
  const tocEntries = [];
  for (const ch of chapters) {
    tocEntries.push({ level: 0, ch });
    for (let i = 0; i < ch.sections.length; i++) tocEntries.push({ level: 1, ch, i });
  }
  tocEntries.push({ level: 0, key: true });
  const TOC_LINE = 17;
  const tocFirstTop = TOP - 50;
  const perFirst = Math.floor((tocFirstTop - BOTTOM) / TOC_LINE);
  const perNext = Math.floor((TOP - BOTTOM) / TOC_LINE);
  const tocPageCount =
    tocEntries.length <= perFirst ? 1 : 1 + Math.ceil((tocEntries.length - perFirst) / perNext);
  const tocPages = [];
  for (let i = 0; i < tocPageCount; i++) {
    tocPages.push(flow.newPage());
    running.set(flow.pageIndex, 'Contents');
  }
  const tocStart = { page: tocPages[0], y: TOP };

  // --- chapters
  const chapterMarks = [];
  for (const ch of chapters) {
    flow.newPage();
    const chPageIndex = flow.pageIndex;
    const runningText = `Chapter ${ch.number} \u00b7 ${ch.title}`;
    const first = flow.pageIndex;
    const mark = { page: flow.page, y: flow.y, pageNo: flow.pageIndex + 1, sections: [] };
    drawString(flow.page, `CHAPTER ${ch.number}`, {
      x: MARGIN_X,
      y: flow.y - 12,
      size: 11,
      font: fonts.faces.bold,
      color: GREY,
    });
    flow.y -= 22;
    heading(flow, ch.title, 24, { gapBefore: 4, gapAfter: 2 });
    flow.lines(paragraph(fonts, ch.section, { size: 11, width: TEXT_W, color: GREY }), MARGIN_X);
    flow.y -= 4;
    flow.page.drawLine({
      start: { x: MARGIN_X, y: flow.y },
      end: { x: PAGE_W - MARGIN_X, y: flow.y },
      thickness: 1,
      color: ACCENT,
    });
    flow.y -= 12;
    const count = ch.sections.reduce((s, x) => s + x.items.length, 0);
    flow.lines(
      paragraph(
        fonts,
        `${count} questions in ${ch.sections.length === 1 ? 'one section' : `${ch.sections.length} sections`}: ${ch.sections.map((s) => s.name).join('; ')}. Answers with worked solutions are in the answer key at the end of the book.`,
        { size: SIZE, width: TEXT_W },
      ),
      MARGIN_X,
    );
    flow.y -= 6;
    ch.sections.forEach((s, si) => {
      const at = heading(flow, `${ch.number}.${si + 1}  ${s.name}`, 13, {
        gapBefore: 10,
        gapAfter: 6,
      });
      mark.sections.push({
        page: at.page,
        y: at.y,
        pageNo: doc.getPages().indexOf(at.page) + 1,
        title: `${ch.number}.${si + 1} ${s.name}`,
      });
      for (const item of s.items) drawQuestion(flow, item);
    });
    for (let p = first; p <= flow.pageIndex; p++) running.set(p, runningText);
    ch.firstPage = chPageIndex + 1;
    chapterMarks.push(mark);
  }

  // --- answer key
  flow.newPage();
  const keyMark = { page: flow.page, y: flow.y, pageNo: flow.pageIndex + 1, chapters: [] };
  const keyFirst = flow.pageIndex;
  heading(flow, 'Answer Key and Worked Solutions', 22, { gapBefore: 4, gapAfter: 4 });
  flow.lines(
    paragraph(
      fonts,
      'Each answer is followed by the steps that lead to it. Where a question asks you to round, the work shows the unrounded value first.',
      { size: SIZE, width: TEXT_W, color: GREY },
    ),
    MARGIN_X,
  );
  flow.y -= 4;
  for (const ch of chapters) {
    const at = heading(flow, `Chapter ${ch.number} \u00b7 ${ch.title}`, 14, {
      gapBefore: 12,
      gapAfter: 6,
    });
    keyMark.chapters.push({ page: at.page, y: at.y, title: `Chapter ${ch.number}: ${ch.title}` });
    for (const s of ch.sections) {
      for (const item of s.items) {
        const indent = 26;
        const label = `Answer: ${answerText(item)}`;
        const lines = [
          ...paragraph(fonts, label, {
            size: SIZE,
            width: TEXT_W - indent,
            face: 'bold',
            color: ACCENT,
          }),
          ...paragraph(fonts, item.explanation, { size: SIZE, width: TEXT_W - indent }),
        ];
        const num = `${item.no}.`;
        flow.lines(lines, MARGIN_X + indent, {
          keep: true,
          before(page, base) {
            const w = fonts.width('bold', num, SIZE);
            drawString(page, num, {
              x: MARGIN_X + indent - 6 - w,
              y: base,
              size: SIZE,
              font: fonts.faces.bold,
              color: rgb(0, 0, 0),
            });
          },
        });
        flow.space(7);
      }
    }
  }
  for (let p = keyFirst; p <= flow.pageIndex; p++) running.set(p, 'Answer Key');

  // --- table of contents text (page numbers known now)
  const pages = doc.getPages();
  const pageNoOf = (page) => pages.indexOf(page) + 1;
  {
    let pi = 0;
    let y = tocFirstTop;
    const tp = tocPages[0];
    drawString(tp, 'Contents', {
      x: MARGIN_X,
      y: TOP - 24,
      size: 24,
      font: fonts.faces.bold,
      color: ACCENT,
    });
    let left = perFirst;
    for (const e of tocEntries) {
      if (left === 0) {
        pi++;
        y = TOP - 10;
        left = perNext;
      }
      const page = tocPages[pi];
      let text;
      let target;
      if (e.key) {
        text = 'Answer Key and Worked Solutions';
        target = keyMark;
      } else if (e.level === 0) {
        const m = chapterMarks[e.ch.number - 1];
        text = `Chapter ${e.ch.number}   ${e.ch.title}`;
        target = m;
      } else {
        const m = chapterMarks[e.ch.number - 1].sections[e.i];
        text = m.title;
        target = m;
      }
      const face = e.level === 0 ? 'bold' : 'regular';
      const x = MARGIN_X + (e.level === 0 ? 0 : 18);
      const size = e.level === 0 ? 11 : 10;
      const no = String(pageNoOf(target.page));
      const nw = fonts.width('regular', no, size);
      drawString(page, text, { x, y, size, font: fonts.faces[face], color: rgb(0, 0, 0) });
      const tw = fonts.width(face, text, size);
      // dotted leader
      const dotsFrom = x + tw + 6;
      const dotsTo = PAGE_W - MARGIN_X - nw - 6;
      const dw = fonts.width('regular', '.', size) + 2.2;
      if (dotsTo > dotsFrom) {
        const n = Math.floor((dotsTo - dotsFrom) / dw);
        drawString(page, '.'.repeat(0), { x: dotsFrom, y, size, font: fonts.faces.regular });
        for (let k = 0; k < n; k++)
          drawString(page, '.', {
            x: dotsTo - (k + 1) * dw,
            y,
            size,
            font: fonts.faces.regular,
            color: GREY,
          });
      }
      drawString(page, no, {
        x: PAGE_W - MARGIN_X - nw,
        y,
        size,
        font: fonts.faces.regular,
        color: rgb(0, 0, 0),
      });
      addLink(doc, page, [MARGIN_X, y - 4, PAGE_W - MARGIN_X, y + size], target);
      y -=
        e.level === 0 && tocEntries[tocEntries.indexOf(e) + 1]?.level === 0 ? TOC_LINE : TOC_LINE;
      left--;
    }
  }

  // --- running headers and page numbers (not on the title page)
  pages.forEach((p, i) => {
    if (i === 0) return;
    drawRunning(p, fonts, spec.title, running.get(i), i + 1);
  });

  // --- outline and metadata
  addOutline(doc, [
    { title: 'Contents', page: tocStart.page, y: tocStart.y },
    ...chapters.map((ch, i) => ({
      title: `Chapter ${ch.number}: ${ch.title}`,
      page: chapterMarks[i].page,
      y: chapterMarks[i].y,
      children: chapterMarks[i].sections.map((s) => ({ title: s.title, page: s.page, y: s.y })),
    })),
    {
      title: 'Answer Key',
      page: keyMark.page,
      y: keyMark.y,
      children: keyMark.chapters.map((c) => ({ title: c.title, page: c.page, y: c.y })),
    },
  ]);
  doc.setTitle(spec.title, { showInWindowTitleBar: true });
  doc.setAuthor(AUTHOR);
  doc.setSubject(spec.subtitle);
  doc.setKeywords([spec.productId, spec.course, 'workbook']);
  doc.setCreator(`${AUTHOR} workbook builder`);
  doc.setProducer('pdf-lib');
  doc.setLanguage('en-US');
  doc.setCreationDate(DOC_DATE);
  doc.setModificationDate(DOC_DATE);
  const pdf = await doc.save({ useObjectStreams: false });

  const manifest = {
    productId: spec.productId,
    title: spec.title,
    pdfPath: spec.pdfPath,
    pageCount: pages.length,
    questionCount,
    chapters: chapters.map((ch) => ({
      number: ch.number,
      title: ch.title,
      objective: ch.objective,
      topics: ch.sections.map((s) => s.name),
      questionCount: ch.sections.reduce((n, s) => n + s.items.length, 0),
      page: ch.firstPage,
      videos: [],
    })),
  };
  return { pdf, manifest };
}

module.exports = { buildWorkbook, WORKBOOKS };

if (require.main === module) {
  const id = process.argv[2] || 'teas_math_workbook';
  const out = process.argv[3] || `${id}.pdf`;
  const spec = WORKBOOKS[id];
  if (!spec) {
    console.error(`unknown workbook ${id}; one of ${Object.keys(WORKBOOKS).join(', ')}`);
    process.exit(2);
  }
  const t0 = Date.now();
  buildWorkbook(spec).then(({ pdf, manifest }) => {
    fs.writeFileSync(out, pdf);
    console.log(
      JSON.stringify(
        {
          out,
          bytes: pdf.length,
          ms: Date.now() - t0,
          ...manifest,
          chapters: manifest.chapters.length,
        },
        null,
        1,
      ),
    );
  });
}
