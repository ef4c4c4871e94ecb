// The seeded workbook PDFs (tools/seed/workbooks): the generators' math is typeset (never raw
// LaTeX on the page), fractions are stacked, and a built workbook is a deterministic PDF with
// its outline, Info and a manifest that matches it.
import {
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { COURSE_DEFINITIONS, generate } from '@examprep/generators';
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  Fonts,
  formula,
  paragraph,
  plainFraction,
} from '../../../../tools/seed/workbooks/typeset.cjs';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { buildWorkbook, WORKBOOKS } from '../../../../tools/seed/workbooks/build-workbook.cjs';

interface Drawn {
  text: string;
  x: number;
  y: number;
}

/** Fonts and a page that record what would be drawn (text with its position, rules). */
function recorder() {
  const texts: Drawn[] = [];
  const rules: { x1: number; x2: number; y: number }[] = [];
  let pending = '';
  const face = (name: string) =>
    ({
      name,
      ref: name,
      widthOfTextAtSize: (t: string, size: number) => t.length * size * 0.55,
      encodeText: (t: string) => {
        pending = t;
        return PDFHexString.of('');
      },
    }) as unknown as PDFFont;
  const fonts = new Fonts({ regular: face('R'), bold: face('B'), italic: face('I') });
  const page = {
    node: { newFontDictionary: (name: string) => PDFName.of(name) },
    pushOperators: (...ops: PDFOperator[]) => {
      const tm = ops.map((o) => o.toString()).find((s) => s.endsWith(' Tm'));
      const n = (tm as string).split(' ').map(Number);
      texts.push({ text: pending, x: n[4], y: n[5] });
    },
    drawLine: (o: { start: { x: number; y: number }; end: { x: number; y: number } }) =>
      rules.push({ x1: o.start.x, x2: o.end.x, y: o.start.y }),
  } as unknown as PDFPage;
  return { fonts, page, texts, rules };
}

/** What raw LaTeX leaves behind (words like "times" are also English, so only its syntax). */
const LATEX_LEFTOVER = /[\\{}^_&]|\bt?frac\b|\bhline\b/;

describe('workbook typesetting', () => {
  it('draws every generator topic (questions, choices, worked solutions) without LaTeX left over', () => {
    const { fonts, page, texts } = recorder();
    let items = 0;
    for (const course of COURSE_DEFINITIONS) {
      for (const o of course.objectives) {
        for (const t of o.topics) {
          // pump topics are answered on the pump face and never printed (build-workbook.cjs)
          if (!t.generate || t.answeredOn === 'pump') continue;
          for (let seed = 1; seed <= 25; seed++) {
            const item = generate(t.key, seed * 7919);
            const sources = [
              item.question,
              item.explanation,
              ...item.choices.map((c) => {
                const frac = plainFraction(c);
                return frac ? `\\(${frac}\\)` : c;
              }),
            ];
            for (const src of sources) {
              for (const line of paragraph(fonts, src, { size: 10, width: 480 }))
                line.draw(page, 0, 0);
            }
            items++;
          }
        }
      }
    }
    expect(items).toBeGreaterThan(700);
    const bad = texts.filter((d) => LATEX_LEFTOVER.test(d.text)).map((d) => d.text);
    expect(bad).toEqual([]);
    // the symbols the LaTeX stood for are there
    const all = texts.map((d) => d.text).join(' ');
    for (const sym of ['\u00d7', '\u00f7', '\u2248', '\u2264', '\u2265', '\u03c0', '\u00b0'])
      expect(all).toContain(sym);
  });

  it('stacks a fraction: numerator above the rule, denominator below, both centred on it', () => {
    const { fonts, page, texts, rules } = recorder();
    const box = formula(fonts, '\\frac{15\\,\\text{mL}}{30\\,\\text{min}}', 10, true);
    box.draw(page, 100, 500);
    const num = texts.find((d) => d.text === '15') as Drawn;
    const den = texts.find((d) => d.text === '30') as Drawn;
    expect(rules).toHaveLength(1);
    const rule = rules[0];
    expect(num.y).toBeGreaterThan(rule.y);
    expect(den.y).toBeLessThan(rule.y - 5);
    expect(num.x).toBeGreaterThanOrEqual(rule.x1);
    expect(den.x).toBeGreaterThanOrEqual(rule.x1);
    expect(texts.map((d) => d.text)).toEqual(['15', 'mL', '30', 'min']);
    expect(box.a).toBeGreaterThan(10);
    expect(box.d).toBeGreaterThan(5);
  });

  it('raises exponents, writes degrees and thousands as read, and lays a table out in rows', () => {
    const { fonts, page, texts, rules } = recorder();
    formula(
      fonts,
      '17^2 = 289\\,\\text{in}^2 \\quad 39.2^{\\circ}\\text{C} \\quad 1{,}500',
      10,
      false,
    ).draw(page, 0, 0);
    const two = texts.filter((d) => d.text === '2');
    expect(two.every((d) => d.y > 2)).toBe(true);
    expect(texts.map((d) => d.text)).toEqual(expect.arrayContaining(['\u00b0', '1,500', '39.2']));
    texts.length = 0;
    formula(
      fonts,
      '\\begin{array}{|l|r|}\\hline \\textbf{Day} & \\textbf{Patients} \\\\ \\hline \\text{Monday} & 22 \\\\ \\hline \\end{array}',
      10,
      true,
    ).draw(page, 0, 0);
    expect(texts.map((d) => d.text)).toEqual(['Day', 'Patients', 'Monday', '22']);
    expect(texts[2].y).toBeLessThan(texts[0].y);
    expect(rules.length).toBeGreaterThanOrEqual(3 + 3); // 3 horizontal rules, 3 vertical ones
  });
});

describe('buildWorkbook', () => {
  const spec = { ...WORKBOOKS.med_dosage_workbook, questionsPerTopic: 2, salt: 'spec' };

  it('builds the same bytes twice: a PDF with its chapters, outline, Info and a matching manifest', async () => {
    const one = await buildWorkbook(spec);
    const two = await buildWorkbook(spec);
    expect(Buffer.from(one.pdf).equals(Buffer.from(two.pdf))).toBe(true);
    const { manifest } = one;
    const doc = await PDFDocument.load(one.pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(manifest.pageCount);
    const topics =
      COURSE_DEFINITIONS.find((c) => c.id === 'med_dosage')?.objectives.flatMap((o) =>
        o.topics.filter((t) => t.generate && t.answeredOn !== 'pump'),
      ) ?? [];
    expect(manifest.questionCount).toBe(topics.length * 2);
    expect(manifest.chapters.map((c) => c.number)).toEqual(manifest.chapters.map((_, i) => i + 1));
    expect(manifest.chapters.reduce((n, c) => n + c.questionCount, 0)).toBe(manifest.questionCount);
    for (const c of manifest.chapters) {
      expect(c.page).toBeGreaterThan(2);
      expect(c.page).toBeLessThanOrEqual(manifest.pageCount);
      expect(c.videos).toEqual([]);
    }
    expect(manifest.pdfPath).toBe('Workbooks/Med-Dosage-Workbook.pdf');

    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    const text = (k: string) => (info.get(PDFName.of(k)) as PDFString | PDFHexString).decodeText();
    expect(text('Title')).toBe('Med Dosage Workbook');
    expect(text('Author')).toBe('NurseMath Prep');
    expect(text('Subject')).toBe(spec.subtitle);

    const outlines = doc.context.lookup(doc.catalog.get(PDFName.of('Outlines')), PDFDict);
    const titles: string[] = [];
    let item = doc.context.lookup(outlines.get(PDFName.of('First'))) as PDFDict | undefined;
    while (item) {
      titles.push((item.get(PDFName.of('Title')) as PDFHexString).decodeText());
      const next = item.get(PDFName.of('Next'));
      item = next ? (doc.context.lookup(next) as PDFDict) : undefined;
    }
    expect(titles).toEqual([
      'Contents',
      ...manifest.chapters.map((c) => `Chapter ${c.number}: ${c.title}`),
      'Answer Key',
    ]);
  });
});
