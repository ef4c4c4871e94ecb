/**
 * Decodes HTML character references so obfuscated text (`&#106;avascript&colon;`) is checked
 * as a browser would read it. Numeric references are decoded with or without the closing
 * semicolon (browsers accept both); named ones from a small table of the characters that
 * matter for attacks and math, matched case-insensitively (lenient on purpose: this feeds a
 * security check, it does not render text). Decoding repeats so double encoding
 * (`&amp;#106;`) is seen through too.
 */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  semi: ';',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  equals: '=',
  excl: '!',
  num: '#',
  percnt: '%',
  period: '.',
  comma: ',',
  commat: '@',
  plus: '+',
  ast: '*',
  midast: '*',
  quest: '?',
  dollar: '$',
  lowbar: '_',
  grave: '`',
  hat: '^',
  verbar: '|',
  vert: '|',
  lsqb: '[',
  rsqb: ']',
  lbrack: '[',
  rbrack: ']',
  lcub: '{',
  rcub: '}',
  lbrace: '{',
  rbrace: '}',
  le: '≤',
  ge: '≥',
  plusmn: '±',
  infin: '∞',
  radic: '√',
  pi: 'π',
};
/** Looked up by names taken from the text: a Map, so '&constructor;' is no reference. */
const NAMED: ReadonlyMap<string, string> = new Map(Object.entries(NAMED_REFERENCES));

/** Named references browsers also decode without a semicolon, even glued to text (`&ltscript`). */
const LEGACY_WITHOUT_SEMICOLON = ['nbsp', 'quot', 'amp', 'lt', 'gt'];

const REFERENCE = /&(?:#[xX]0*([0-9a-fA-F]{1,6})|#0*([0-9]{1,7})|([a-zA-Z][a-zA-Z0-9]{0,31}))(;?)/g;

const REPLACEMENT_CHARACTER = '\ufffd';
const MAX_PASSES = 3;

function fromCodePoint(codePoint: number): string {
  const invalid =
    codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff);
  return invalid ? REPLACEMENT_CHARACTER : String.fromCodePoint(codePoint);
}

function decodeOnce(text: string): string {
  return text.replace(
    REFERENCE,
    (whole, hex?: string, decimal?: string, name?: string, semicolon?: string) => {
      if (hex !== undefined) return fromCodePoint(parseInt(hex, 16));
      if (decimal !== undefined) return fromCodePoint(parseInt(decimal, 10));
      const written = name ?? '';
      const key = written.toLowerCase();
      const decoded = NAMED.get(key);
      if (decoded !== undefined && (semicolon || LEGACY_WITHOUT_SEMICOLON.includes(key))) {
        return decoded;
      }
      const legacy = LEGACY_WITHOUT_SEMICOLON.find((prefix) => key.startsWith(prefix));
      if (legacy === undefined) return whole;
      return `${NAMED.get(legacy) ?? ''}${written.slice(legacy.length)}${semicolon}`;
    },
  );
}

export function decodeHtmlEntities(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES && current.includes('&'); pass += 1) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Decodes CSS escapes (`\69` or `\i` for `i`) so `@\69mport` is seen as `@import`. */
export function decodeCssEscapes(text: string): string {
  return text.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([^\n\r\f0-9a-fA-F]))/g, (_, hex, ch) =>
    hex !== undefined ? fromCodePoint(parseInt(hex as string, 16)) : (ch as string),
  );
}
