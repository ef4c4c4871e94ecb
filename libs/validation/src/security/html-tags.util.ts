/**
 * A small linear scanner for complete HTML constructs, used where a parser-based sanitizer
 * would mangle plain text: in a math answer `x<y` is an inequality, not a tag.
 *
 * A construct counts only when complete, as a browser would build an element from it:
 * `<` directly followed by a letter (start tag) or `/` and a letter (end tag), up to the
 * next `>`; `<!-- ... -->` comments; `<!...>` and `<?...>` declarations. `x < y`, `x<y`
 * and `2<3` are text. The content of script-like elements is part of the construct.
 */
const RAW_TEXT_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'template',
  'textarea',
  'title',
]);

const LETTER = /[A-Za-z]/;

interface Construct {
  readonly end: number;
  readonly rawTextName: string | null;
}

function readConstruct(text: string, lt: number, lastGt: number): Construct | null {
  if (lt >= lastGt) return null;
  const next = text.charAt(lt + 1);
  if (text.startsWith('<!--', lt)) {
    const close = text.indexOf('-->', lt + 4);
    return close < 0 ? null : { end: close + 3, rawTextName: null };
  }
  const closing = next === '/';
  const nameStart = closing ? lt + 2 : lt + 1;
  const isDeclaration = next === '!' || next === '?';
  if (!isDeclaration && !LETTER.test(text.charAt(nameStart))) return null;
  const gt = text.indexOf('>', lt);
  const name = /^[^\s/>]*/.exec(text.slice(nameStart, Math.min(gt, nameStart + 32)))?.[0] ?? '';
  const lower = name.toLowerCase();
  const opensRawText = !closing && !isDeclaration && RAW_TEXT_ELEMENTS.has(lower);
  return { end: gt + 1, rawTextName: opensRawText ? lower : null };
}

/** Where the raw-text element opened before `from` ends: after its end tag, or at the end. */
function skipRawText(text: string, from: number, name: string): number {
  const endTag = new RegExp(`<\\/${name}(?=[\\s/>])[^>]*>`, 'gi');
  endTag.lastIndex = from;
  const m = endTag.exec(text);
  return m ? m.index + m[0].length : text.length;
}

/** Calls `onText` for each run of text outside constructs; returns whether any was found. */
function scan(text: string, onText: (run: string) => void): boolean {
  const lastGt = text.lastIndexOf('>');
  let found = false;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const construct = readConstruct(text, lt, lastGt);
    if (construct === null) {
      onText(text.slice(i, lt + 1));
      i = lt + 1;
      continue;
    }
    found = true;
    onText(text.slice(i, lt));
    i = construct.rawTextName
      ? skipRawText(text, construct.end, construct.rawTextName)
      : construct.end;
  }
  onText(text.slice(i));
  return found;
}

export function hasHtmlTag(text: string): boolean {
  return scan(text, () => undefined);
}

/** Past this many passes (only deeply nested attacks get there) every `<` is dropped. */
const MAX_STRIP_PASSES = 20;

/**
 * Removes every complete construct (tags, comments, script and style content) and repeats
 * until none is left, since removal can join `<<b>script>` into a new tag.
 */
export function stripHtmlTags(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_STRIP_PASSES; pass += 1) {
    let out = '';
    const found = scan(current, (run) => {
      out += run;
    });
    if (!found) return current;
    current = out;
  }
  return current.replaceAll('<', '');
}
