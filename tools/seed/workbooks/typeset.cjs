// Typesetting for the workbook PDFs: the generators' LaTeX subset (\frac, \tfrac, \times,
// \div, \cdot, \approx, \le, \ge, \pi, ^, \circ, \text, \textbf, \, \ , {,}, \$, \%, \ldots,
// aligned and array environments) laid out as boxes drawn with pdf-lib: stacked fractions
// (numerator over a rule over denominator), raised exponents, spaced operators, italic
// variables, tables with rules. Plain text with \( \) and \[ \] becomes wrapped paragraphs.
// Boxes: { w, a (height above the baseline), d (depth below), draw(page, x, baseline) }.
'use strict';

const { rgb, degrees, drawText: textOperators } = require('pdf-lib');

const BLACK = rgb(0, 0, 0);

const fontKeys = new WeakMap(); // page -> Map(font -> resource name)

/**
 * Draws a line of text. Unlike page.drawText (which adds a new font resource name on every
 * call), each font gets one resource name per page.
 */
function drawString(page, text, { x, y, size, font, color = BLACK }) {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref);
    keys.set(font, key);
  }
  const zero = degrees(0);
  page.pushOperators(
    ...textOperators(font.encodeText(text), {
      color,
      font: key,
      size,
      rotate: zero,
      xSkew: zero,
      ySkew: zero,
      x,
      y,
    }),
  );
}

/** Measures and draws text runs in the three faces, with a width cache (per 1 pt). */
class Fonts {
  constructor({ regular, bold, italic }) {
    this.faces = { regular, bold, italic };
    this.cache = new Map();
  }
  width(face, text, size) {
    const key = `${face}\u0000${text}`;
    let w = this.cache.get(key);
    if (w === undefined) {
      w = this.faces[face].widthOfTextAtSize(text, 1000) / 1000;
      this.cache.set(key, w);
    }
    return w * size;
  }
}

/** A run of text in one face: the atom of every line. */
function textBox(fonts, face, text, size, color = BLACK) {
  return {
    w: fonts.width(face, text, size),
    a: size * 0.76,
    d: size * 0.24,
    draw(page, x, y) {
      if (text) drawString(page, text, { x, y, size, font: fonts.faces[face], color });
    },
  };
}

function spaceBox(w) {
  return { w, a: 0, d: 0, draw() {} };
}

/** Boxes side by side on one baseline. */
function hbox(items) {
  let w = 0;
  let a = 0;
  let d = 0;
  for (const b of items) {
    w += b.w;
    a = Math.max(a, b.a);
    d = Math.max(d, b.d);
  }
  return {
    w,
    a,
    d,
    draw(page, x, y) {
      let cx = x;
      for (const b of items) {
        b.draw(page, cx, y);
        cx += b.w;
      }
    },
  };
}

// ---------------------------------------------------------------- LaTeX parsing

const SYMBOLS = {
  times: { k: 'bin', s: '\u00d7' },
  div: { k: 'bin', s: '\u00f7' },
  cdot: { k: 'bin', s: '\u00b7' },
  pm: { k: 'bin', s: '\u00b1' },
  approx: { k: 'rel', s: '\u2248' },
  le: { k: 'rel', s: '\u2264' },
  leq: { k: 'rel', s: '\u2264' },
  ge: { k: 'rel', s: '\u2265' },
  geq: { k: 'rel', s: '\u2265' },
  neq: { k: 'rel', s: '\u2260' },
  ne: { k: 'rel', s: '\u2260' },
  to: { k: 'rel', s: '\u2192' },
  rightarrow: { k: 'rel', s: '\u2192' },
  pi: { k: 'ord', s: '\u03c0' },
  circ: { k: 'ord', s: '\u00b0' },
  degree: { k: 'ord', s: '\u00b0' },
  ldots: { k: 'ord', s: '\u2026' },
  dots: { k: 'ord', s: '\u2026' },
  cdots: { k: 'ord', s: '\u22ef' },
  infty: { k: 'ord', s: '\u221e' },
  left: { k: 'skip' },
  right: { k: 'skip' },
  displaystyle: { k: 'skip' },
};

/** Tokens: {c: command name} | {ch: one character}. */
function tokenize(src) {
  const out = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '\\') {
      const m = /^[A-Za-z]+/.exec(src.slice(i + 1));
      if (m) {
        out.push({ c: m[0] });
        i += 1 + m[0].length;
      } else {
        out.push({ c: src[i + 1] ?? '' });
        i += 2;
      }
    } else {
      out.push({ ch });
      i++;
    }
  }
  return out;
}

/** Parses tokens into nodes until `stop` (a character) or the end. */
class Parser {
  constructor(tokens) {
    this.t = tokens;
    this.i = 0;
  }
  peek() {
    return this.t[this.i];
  }
  next() {
    return this.t[this.i++];
  }
  /** The raw characters of a {group} (for \text, \begin). */
  rawGroup() {
    const open = this.next();
    if (!open || open.ch !== '{') return open ? (open.ch ?? '') : '';
    let depth = 1;
    let s = '';
    while (this.i < this.t.length) {
      const tk = this.next();
      if (tk.ch === '{') depth++;
      if (tk.ch === '}' && --depth === 0) break;
      if (tk.c !== undefined) {
        if (tk.c === ',' || tk.c === ' ' || tk.c === ';') s += ' ';
        else if (tk.c === '%' || tk.c === '$' || tk.c === '&' || tk.c === '#' || tk.c === '_')
          s += tk.c;
        else if (SYMBOLS[tk.c]?.s) s += SYMBOLS[tk.c].s;
        else s += '';
      } else s += tk.ch;
    }
    return s;
  }
  /** One argument: a {group} as a node list, or a single token. */
  arg() {
    const tk = this.peek();
    if (tk && tk.ch === '{') {
      this.next();
      const nodes = this.list('}');
      this.next();
      return nodes;
    }
    return this.list(null, 1);
  }
  list(stop, max = Infinity) {
    const nodes = [];
    while (this.i < this.t.length && nodes.length < max) {
      const tk = this.peek();
      if (stop && tk.ch === stop) break;
      if (tk.c === 'end') break;
      if (tk.ch === '&' || tk.c === '\\') break; // cell / row ends (aligned, array)
      this.next();
      const n = this.node(tk);
      if (n) nodes.push(n);
    }
    return nodes;
  }
  node(tk) {
    if (tk.c !== undefined) {
      const c = tk.c;
      if (c === 'frac' || c === 'dfrac' || c === 'tfrac') {
        const num = this.arg();
        const den = this.arg();
        return { k: 'frac', num, den, small: c === 'tfrac' };
      }
      if (c === 'text' || c === 'mathrm' || c === 'textrm' || c === 'mbox')
        return { k: 'text', s: this.rawGroup(), face: 'regular' };
      if (c === 'textbf' || c === 'mathbf') return { k: 'text', s: this.rawGroup(), face: 'bold' };
      if (c === 'sqrt') return { k: 'sqrt', body: this.arg() };
      if (c === 'begin') {
        const env = this.rawGroup();
        return this.environment(env);
      }
      if (c === ',') return { k: 'space', em: 0.17 };
      if (c === ' ' || c === ';') return { k: 'space', em: 0.28 };
      if (c === 'quad') return { k: 'space', em: 1 };
      if (c === 'qquad') return { k: 'space', em: 2 };
      if (c === '!') return { k: 'space', em: -0.1 };
      if (c === '%' || c === '$' || c === '#' || c === '&' || c === '_' || c === '{' || c === '}')
        return { k: 'ord', s: c };
      if (c === 'hline') return null;
      const sym = SYMBOLS[c];
      if (sym) return sym.k === 'skip' ? null : { k: sym.k, s: sym.s };
      return { k: 'ord', s: c }; // an unknown command shows its name rather than vanishing
    }
    const ch = tk.ch;
    if (ch === '{') {
      const inner = this.list('}');
      this.next();
      // {,} is a thousands separator: a comma without the space after it
      if (inner.length === 1 && inner[0].k === 'punct') return { k: 'ord', s: inner[0].s };
      return { k: 'group', body: inner };
    }
    if (ch === '^') return { k: 'sup', body: this.arg() };
    if (ch === '_') return { k: 'sub', body: this.arg() };
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '~')
      return ch === '~' ? { k: 'space', em: 0.28 } : null;
    if (/[0-9.]/.test(ch)) return { k: 'num', s: ch };
    if (/[A-Za-z]/.test(ch)) return { k: 'var', s: ch };
    if (ch === '+' || ch === '*') return { k: 'bin', s: ch === '*' ? '\u00d7' : '+' };
    if (ch === '-') return { k: 'bin', s: '\u2212' };
    if (ch === '=' || ch === '<' || ch === '>') return { k: 'rel', s: ch };
    if (ch === ':') return { k: 'ratio', s: ':' };
    if (ch === ',' || ch === ';') return { k: 'punct', s: ch };
    if (ch === '(' || ch === '[') return { k: 'open', s: ch };
    if (ch === ')' || ch === ']') return { k: 'close', s: ch };
    return { k: 'ord', s: ch };
  }
  /** aligned / array: rows of cells; array keeps its column spec and \hline rules. */
  environment(env) {
    let spec = '';
    if (env === 'array' || env === 'tabular') spec = this.rawGroup();
    const rows = [];
    const hlines = []; // hlines[r]: \hline rules above row r (hlines[rows.length]: below the last)
    let row = [];
    for (;;) {
      if (row.length === 0) {
        let rules = 0;
        while (this.peek() && (this.peek().c === 'hline' || this.peek().ch === ' ')) {
          if (this.next().c === 'hline') rules++;
        }
        hlines[rows.length] = rules;
      }
      row.push(this.list(null));
      const tk = this.next();
      if (tk && tk.ch === '&') continue;
      if (row.length > 1 || row[0].length > 0) rows.push(row);
      row = [];
      if (!tk || tk.c === 'end') {
        if (tk) this.rawGroup();
        break;
      }
    }
    return {
      k: env === 'aligned' || env === 'align' || env === 'align*' ? 'aligned' : 'array',
      rows,
      spec,
      hlines,
    };
  }
}

function parseMath(src) {
  return new Parser(tokenize(src)).list(null);
}

// ---------------------------------------------------------------- math layout

/** Lays out a node list at `size`; `display` gives full-size fractions. */
function mathBox(fonts, nodes, size, display) {
  const items = [];
  let prev = null; // kind of the previous atom, for operator spacing
  let numRun = '';
  const flushNum = () => {
    if (numRun) {
      items.push(textBox(fonts, 'regular', numRun, size));
      numRun = '';
      prev = 'ord';
    }
  };
  const isUnaryPosition = () =>
    prev === null ||
    prev === 'bin' ||
    prev === 'rel' ||
    prev === 'open' ||
    prev === 'punct' ||
    prev === 'ratio';
  for (let idx = 0; idx < nodes.length; idx++) {
    const n = nodes[idx];
    if (n.k === 'num') {
      numRun += n.s;
      continue;
    }
    // the thousands separator {,} inside a number stays in the number
    if (n.k === 'ord' && n.s === ',' && numRun && nodes[idx + 1]?.k === 'num') {
      numRun += ',';
      continue;
    }
    flushNum();
    switch (n.k) {
      case 'var':
        items.push(textBox(fonts, 'italic', n.s, size));
        prev = 'ord';
        break;
      case 'ord':
        items.push(textBox(fonts, 'regular', n.s, size));
        prev = 'ord';
        break;
      case 'text':
        items.push(textBox(fonts, n.face, n.s, size));
        prev = 'ord';
        break;
      case 'open':
        items.push(textBox(fonts, 'regular', n.s, size));
        prev = 'open';
        break;
      case 'close':
        items.push(textBox(fonts, 'regular', n.s, size));
        prev = 'ord';
        break;
      case 'punct':
        items.push(textBox(fonts, 'regular', n.s, size), spaceBox(size * 0.17));
        prev = 'punct';
        break;
      case 'space':
        items.push(spaceBox(size * n.em));
        break;
      case 'bin': {
        const unary = isUnaryPosition();
        const gap = unary ? 0 : size * 0.22;
        items.push(spaceBox(gap), textBox(fonts, 'regular', n.s, size), spaceBox(gap));
        prev = unary ? 'open' : 'bin';
        break;
      }
      case 'rel':
        items.push(
          spaceBox(size * 0.28),
          textBox(fonts, 'regular', n.s, size),
          spaceBox(size * 0.28),
        );
        prev = 'rel';
        break;
      case 'ratio':
        items.push(
          spaceBox(size * 0.12),
          textBox(fonts, 'regular', ':', size),
          spaceBox(size * 0.12),
        );
        prev = 'ratio';
        break;
      case 'group':
        items.push(mathBox(fonts, n.body, size, display));
        prev = 'ord';
        break;
      case 'frac':
        items.push(fracBox(fonts, n, size, display));
        prev = 'ord';
        break;
      case 'sqrt':
        items.push(sqrtBox(fonts, n, size, display));
        prev = 'ord';
        break;
      case 'sup':
      case 'sub': {
        // a degree sign is written at full size on the baseline's level
        if (n.k === 'sup' && n.body.length === 1 && n.body[0].s === '\u00b0') {
          items.push(textBox(fonts, 'regular', '\u00b0', size));
          break;
        }
        const inner = mathBox(fonts, n.body, size * 0.7, false);
        const shift = n.k === 'sup' ? size * 0.38 : -size * 0.18;
        items.push({
          w: inner.w + size * 0.04,
          a: Math.max(0, inner.a + shift),
          d: Math.max(0, inner.d - shift),
          draw(page, x, y) {
            inner.draw(page, x + size * 0.02, y + shift);
          },
        });
        break;
      }
      case 'aligned':
        items.push(alignedBox(fonts, n, size));
        prev = 'ord';
        break;
      case 'array':
        items.push(arrayBox(fonts, n, size));
        prev = 'ord';
        break;
      default:
        break;
    }
  }
  flushNum();
  return hbox(items);
}

function fracBox(fonts, n, size, display) {
  const s = n.small ? size * 0.75 : display ? size : size * 0.82;
  const num = mathBox(fonts, n.num, s, false);
  const den = mathBox(fonts, n.den, s, false);
  const pad = size * 0.12;
  const w = Math.max(num.w, den.w) + 2 * pad;
  const axis = size * 0.27; // the rule sits at the height of a minus sign
  const gap = size * 0.12;
  const rule = Math.max(0.45, size * 0.045);
  const numBase = axis + rule / 2 + gap + num.d;
  const denBase = axis - rule / 2 - gap - den.a;
  const side = size * 0.08;
  return {
    w: w + 2 * side,
    a: numBase + num.a,
    d: Math.max(0, -(denBase - den.d)),
    draw(page, x, y) {
      const left = x + side;
      num.draw(page, left + (w - num.w) / 2, y + numBase);
      den.draw(page, left + (w - den.w) / 2, y + denBase);
      page.drawLine({
        start: { x: left, y: y + axis },
        end: { x: left + w, y: y + axis },
        thickness: rule,
        color: BLACK,
      });
    },
  };
}

function sqrtBox(fonts, n, size, display) {
  const body = mathBox(fonts, n.body, size, display);
  const radical = textBox(fonts, 'regular', '\u221a', size);
  const top = body.a + size * 0.12;
  return {
    w: radical.w + body.w + size * 0.05,
    a: top + size * 0.06,
    d: body.d,
    draw(page, x, y) {
      radical.draw(page, x, y);
      body.draw(page, x + radical.w, y);
      page.drawLine({
        start: { x: x + radical.w - size * 0.02, y: y + top },
        end: { x: x + radical.w + body.w + size * 0.05, y: y + top },
        thickness: Math.max(0.45, size * 0.045),
        color: BLACK,
      });
    },
  };
}

/** Rows aligned at their first &: the left part right-aligned, the right part left-aligned. */
function alignedBox(fonts, n, size) {
  const rows = n.rows.map((cells) => ({
    left: mathBox(fonts, cells[0] || [], size, true),
    right: mathBox(fonts, cells.slice(1).flat(), size, true),
  }));
  const lw = Math.max(0, ...rows.map((r) => r.left.w));
  const rw = Math.max(0, ...rows.map((r) => r.right.w));
  const lead = size * 0.35;
  const heights = rows.map((r) => ({
    a: Math.max(r.left.a, r.right.a, size * 0.76),
    d: Math.max(r.left.d, r.right.d, size * 0.24),
  }));
  const total = heights.reduce((s, h) => s + h.a + h.d, 0) + lead * (rows.length - 1);
  const axis = size * 0.27;
  // centred on the math axis, like a display's other parts
  const a = total / 2 + axis;
  return {
    w: lw + rw,
    a,
    d: total - a,
    draw(page, x, y) {
      let top = y + a;
      rows.forEach((r, i) => {
        const base = top - heights[i].a;
        r.left.draw(page, x + lw - r.left.w, base);
        r.right.draw(page, x + lw, base);
        top = base - heights[i].d - lead;
      });
    },
  };
}

/** A table: columns l/c/r, | for vertical rules, \hline for horizontal ones. */
function arrayBox(fonts, n, size) {
  const cols = [];
  const vrules = []; // vrules[c] = rule count left of column c
  let pending = 0;
  for (const ch of n.spec.replace(/\s/g, '')) {
    if (ch === '|') pending++;
    else if ('lcr'.includes(ch)) {
      vrules.push(pending);
      pending = 0;
      cols.push(ch);
    }
  }
  vrules.push(pending);
  const cells = n.rows.map((row) => row.map((c) => mathBox(fonts, c, size, false)));
  const ncol = Math.max(cols.length, ...cells.map((r) => r.length));
  while (cols.length < ncol) cols.push('l');
  const padX = size * 0.5;
  const padY = size * 0.3;
  const colW = [];
  for (let c = 0; c < ncol; c++)
    colW.push(Math.max(0, ...cells.map((r) => (r[c] ? r[c].w : 0))) + 2 * padX);
  const rowH = cells.map((r) => ({
    a: Math.max(size * 0.76, ...r.map((b) => b.a)) + padY,
    d: Math.max(size * 0.24, ...r.map((b) => b.d)) + padY,
  }));
  const w = colW.reduce((s, x) => s + x, 0);
  const total = rowH.reduce((s, h) => s + h.a + h.d, 0);
  const axis = size * 0.27;
  const a = total / 2 + axis;
  const thick = 0.6;
  return {
    w,
    a,
    d: total - a,
    draw(page, x, y) {
      const topY = y + a;
      let cy = topY;
      const rowTops = [];
      cells.forEach((r, i) => {
        rowTops.push(cy);
        const base = cy - rowH[i].a;
        let cx = x;
        for (let c = 0; c < ncol; c++) {
          const b = r[c];
          if (b) {
            const align = cols[c];
            const bx =
              align === 'r'
                ? cx + colW[c] - padX - b.w
                : align === 'c'
                  ? cx + (colW[c] - b.w) / 2
                  : cx + padX;
            b.draw(page, bx, base);
          }
          cx += colW[c];
        }
        cy = base - rowH[i].d;
      });
      rowTops.push(cy);
      const line = (x1, y1, x2, y2) =>
        page.drawLine({
          start: { x: x1, y: y1 },
          end: { x: x2, y: y2 },
          thickness: thick,
          color: BLACK,
        });
      rowTops.forEach((ty, i) => {
        if (n.hlines[i]) line(x, ty, x + w, ty);
      });
      let cx = x;
      for (let c = 0; c <= ncol; c++) {
        if (vrules[c]) line(cx, topY, cx, cy);
        if (c < ncol) cx += colW[c];
      }
    },
  };
}

/** A math expression as one box, scaled down (re-laid out smaller) to fit `maxWidth`. */
function formula(fonts, src, size, display, maxWidth) {
  const nodes = parseMath(src);
  let box = mathBox(fonts, nodes, size, display);
  if (maxWidth && box.w > maxWidth) {
    const s = Math.max(5, (size * maxWidth) / box.w);
    box = mathBox(fonts, nodes, s, display);
  }
  return box;
}

// ---------------------------------------------------------------- paragraphs

/**
 * Splits text with \( \) and \[ \] into pieces: {text}, {inline}, {display}.
 * A plain fraction or mixed number on its own ("6/25", "4 1/6") is typeset as a fraction.
 */
function splitRich(src) {
  const out = [];
  const re = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;
  let last = 0;
  let m;
  while ((m = re.exec(src))) {
    if (m.index > last) out.push({ text: src.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ inline: m[1] });
    else out.push({ display: m[2] });
    last = re.lastIndex;
  }
  if (last < src.length) out.push({ text: src.slice(last) });
  return out;
}

/** "4 1/6" -> "4\frac{1}{6}", "6/25" -> "\frac{6}{25}"; anything else null. */
function plainFraction(text) {
  const m = /^(-?\d+)?\s?(-?\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  return `${m[1] ? `${m[1]}\\,` : ''}\\frac{${m[2]}}{${m[3]}}`;
}

/**
 * Lays out a paragraph into lines of at most `width`: words and inline formulas wrap (a
 * formula never breaks; pieces without a space between them stay together), display
 * formulas get their own centred line. Returns [{a, d, w, draw(page, x, baseline), gapBefore}].
 */
function paragraph(fonts, src, opts) {
  const { size, width, face = 'regular', color = BLACK } = opts;
  const spaceW = fonts.width(face, ' ', size);
  const lines = [];
  let cur = [];
  let curW = 0;
  // atoms with spaceBefore; glued runs become chunks
  let chunk = null;
  const chunks = [];
  const pushAtom = (box, spaceBefore) => {
    if (!chunk || spaceBefore) {
      chunk = { boxes: [], w: 0, spaceBefore };
      chunks.push(chunk);
    }
    chunk.boxes.push(box);
    chunk.w += box.w;
  };
  const flushChunks = () => {
    for (const c of chunks) {
      const add = (cur.length && c.spaceBefore ? spaceW : 0) + c.w;
      if (cur.length && curW + add > width) {
        lines.push(lineOf(cur));
        cur = [];
        curW = 0;
      }
      if (cur.length && c.spaceBefore) {
        cur.push(spaceBox(spaceW));
        curW += spaceW;
      }
      cur.push(...c.boxes);
      curW += c.w;
    }
    chunks.length = 0;
    chunk = null;
  };
  let spacePending = true;
  for (const piece of splitRich(src)) {
    if (piece.text !== undefined) {
      const parts = piece.text.split(/(\s+)/);
      for (const p of parts) {
        if (!p) continue;
        if (/^\s+$/.test(p)) {
          spacePending = true;
          continue;
        }
        pushAtom(textBox(fonts, face, p, size, color), spacePending);
        spacePending = false;
      }
    } else if (piece.inline !== undefined) {
      pushAtom(formula(fonts, piece.inline, size, false, width), spacePending);
      spacePending = false;
    } else {
      flushChunks();
      if (cur.length) lines.push(lineOf(cur));
      cur = [];
      curW = 0;
      const box = formula(fonts, piece.display, size, true, width);
      lines.push({ ...centred(box, width), gapBefore: size * 0.35, gapAfter: size * 0.35 });
      spacePending = true;
    }
  }
  flushChunks();
  if (cur.length) lines.push(lineOf(cur));
  return lines;

  function lineOf(boxes) {
    const b = hbox(boxes);
    return { w: b.w, a: Math.max(b.a, size * 0.8), d: Math.max(b.d, size * 0.25), draw: b.draw };
  }
  function centred(box, w) {
    return {
      w,
      a: box.a,
      d: box.d,
      draw(page, x, y) {
        box.draw(page, x + Math.max(0, (w - box.w) / 2), y);
      },
    };
  }
}

module.exports = {
  drawString,
  Fonts,
  textBox,
  hbox,
  formula,
  paragraph,
  parseMath,
  plainFraction,
  splitRich,
};
