/**
 * A formula as words and symbols a screen reader reads well ('18 units over kg × hr = 31.32
 * mL/hr'), for the text alternative of KaTeX output. Browsers name a control from its label's
 * text but not from MathML inside it (Chromium computes an empty name for a choice that is only
 * a formula), so MathText gives every formula this text and hides KaTeX's markup from
 * assistive technology. Covers what questions use: fractions, roots, powers, text, units,
 * operators and relations; an unknown command is read by its name.
 */

const SYMBOLS: Record<string, string> = {
  times: '×',
  cdot: '×',
  div: '÷',
  pm: '±',
  mp: '∓',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  lt: '<',
  gt: '>',
  approx: '≈',
  sim: '~',
  to: '→',
  rightarrow: '→',
  Rightarrow: '⇒',
  leftarrow: '←',
  infty: '∞',
  degree: '°',
  circ: '°',
  pi: 'π',
  ldots: '…',
  cdots: '…',
  dots: '…',
  '%': '%',
  $: '$',
  '&': '&',
  '#': '#',
  _: '_',
  '{': '{',
  '}': '}',
  '|': '|',
};

/** Commands whose argument is read as it is. */
const TEXT_COMMANDS = new Set([
  'text',
  'textrm',
  'textbf',
  'textit',
  'mathrm',
  'mathbf',
  'mathit',
  'operatorname',
  'boxed',
]);
const FRACTIONS = new Set(['frac', 'dfrac', 'tfrac', 'cfrac']);
/** Commands that change only the look. */
const SILENT = new Set([
  'displaystyle',
  'textstyle',
  'scriptstyle',
  'left',
  'right',
  'big',
  'Big',
  'bigg',
  'Bigg',
  'limits',
  'nolimits',
]);
const SPACES = new Set([',', ';', ':', ' ', 'quad', 'qquad', 'enspace', 'thinspace']);

class Reader {
  private at = 0;
  constructor(private readonly src: string) {}

  /** The whole formula (a stray `}` is skipped). */
  all(): string {
    let out = '';
    while (this.at < this.src.length) {
      out += this.sequence();
      if (this.src[this.at] === '}') this.at += 1;
    }
    return out;
  }

  /** Everything up to the end, or up to the `}` that closes the current group. */
  sequence(): string {
    let out = '';
    while (this.at < this.src.length && this.src[this.at] !== '}') out += this.item();
    return out;
  }

  private item(): string {
    const c = this.src[this.at];
    if (c === '{') return this.group();
    if (c === '\\') return this.command();
    this.at += 1;
    if (c === '^') return this.power();
    if (c === '_') return ` sub ${this.argument()} `;
    if (c === '~' || c === '&') return ' ';
    if (c === '=' || c === '+' || c === '<' || c === '>') return ` ${c} `;
    if (c === '-') return ' − ';
    if (c === '*') return ' × ';
    return /\s/.test(c) ? ' ' : c;
  }

  private group(): string {
    this.at += 1; // {
    const inner = this.sequence();
    if (this.src[this.at] === '}') this.at += 1;
    return inner;
  }

  /** One argument: a {group}, a command, or a single character. */
  private argument(): string {
    while (this.src[this.at] === ' ') this.at += 1;
    if (this.at >= this.src.length) return '';
    return this.item().trim();
  }

  /** A text argument ({mL/hr}) as written: no math reading of its '-' or '/'. */
  private textArgument(): string {
    while (this.src[this.at] === ' ') this.at += 1;
    if (this.src[this.at] !== '{') return this.argument();
    let depth = 0;
    const start = this.at + 1;
    for (; this.at < this.src.length; this.at += 1) {
      const c = this.src[this.at];
      if (c === '\\') this.at += 1;
      else if (c === '{') depth += 1;
      else if (c === '}' && --depth === 0) break;
    }
    const raw = this.src.slice(start, this.at);
    this.at += 1; // }
    return raw
      .replace(/\\([%$&#_{}])/g, '$1')
      .replace(/\\ |~/g, ' ')
      .replace(/[{}]/g, '');
  }

  /** An optional [argument]. */
  private optional(): string | null {
    if (this.src[this.at] !== '[') return null;
    const end = this.src.indexOf(']', this.at);
    if (end < 0) return null;
    const inner = new Reader(this.src.slice(this.at + 1, end)).sequence();
    this.at = end + 1;
    return inner.trim();
  }

  private power(): string {
    const exp = this.argument();
    if (exp === '2') return ' squared ';
    if (exp === '3') return ' cubed ';
    if (exp === '\\circ' || exp === '°') return '°';
    return ` to the power ${exp} `;
  }

  private command(): string {
    this.at += 1; // backslash
    const rest = this.src.slice(this.at);
    const name = /^[A-Za-z]+/.exec(rest)?.[0] ?? rest.slice(0, 1);
    this.at += name.length;
    if (name === '') return '';
    if (SPACES.has(name)) return ' ';
    if (name === '!') return '';
    if (name === '\\') return ' ';
    if (SILENT.has(name)) return '';
    if (FRACTIONS.has(name)) {
      const top = this.argument();
      const bottom = this.argument();
      return ` ${top} over ${bottom} `;
    }
    if (name === 'sqrt') {
      const index = this.optional();
      const radicand = this.argument();
      if (!index || index === '2') return ` square root of ${radicand} `;
      return ` ${index === '3' ? 'cube' : `${index}th`} root of ${radicand} `;
    }
    if (TEXT_COMMANDS.has(name)) return this.textArgument();
    if (name === 'begin' || name === 'end') {
      this.argument(); // environment name
      return ' ';
    }
    const symbol = SYMBOLS[name];
    if (symbol !== undefined) return /^[A-Za-z]/.test(name) ? ` ${symbol} ` : symbol;
    return ` ${name} `;
  }
}

export function mathTextAlternative(latex: string): string {
  return new Reader(latex)
    .all()
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?)\]])/g, '$1')
    .replace(/([([]) /g, '$1')
    .trim();
}
