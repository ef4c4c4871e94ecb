import katex, { type KatexOptions } from 'katex';
import { MATH_MESSAGES as T } from './math.messages';

/**
 * The bounds of one formula. Question text, choices, answers and explanations are written by
 * admins but rendered on every learner's device, so a formula must never run the page out of
 * time or stack: KaTeX's own limits (maxExpand for macro loops such as `\def\a{\a\a}\a`,
 * maxSize for `\rule`/`\kern`/`\\[...]` sizes) do not bound plain nesting (`\frac` inside
 * `\frac` 300 deep takes ~300 ms and 270 KB of markup), so length and brace depth are checked
 * first. Real formulas of the question bank stay far below (a long dosage chain is ~200
 * characters, nesting ~4).
 */
export const LATEX_LIMITS = {
  /** Characters of one formula (between \( \) or \[ \]). */
  maxLength: 2000,
  /** Levels of { } groups. */
  maxDepth: 20,
  /** KaTeX macro expansions per formula (KaTeX's default is 1000). */
  maxExpand: 500,
  /** Largest user-given size, in em (KaTeX's default is unbounded). */
  maxSize: 20,
} as const;

/**
 * KaTeX's options for every formula of the app. trust: false refuses \href, \url,
 * \includegraphics and the \html... commands (shown as red source, never as a link, an image
 * or an attribute); KaTeX's markup is its own, no HTML of the text passes.
 */
export const KATEX_OPTIONS: Readonly<KatexOptions> = {
  throwOnError: true,
  trust: false,
  strict: 'ignore',
  output: 'htmlAndMathml',
  maxExpand: LATEX_LIMITS.maxExpand,
  maxSize: LATEX_LIMITS.maxSize,
};

function depthOf(latex: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < latex.length; i++) {
    const c = latex[i];
    if (c === '\\')
      i++; // \{ and \} are characters, not groups
    else if (c === '{') max = Math.max(max, ++depth);
    else if (c === '}') depth--;
  }
  return max;
}

/** KaTeX's markup of one formula, or the reason it is not rendered (then shown as source). */
export function renderLatex(latex: string, display: boolean): { html: string; error?: string } {
  if (latex.length > LATEX_LIMITS.maxLength) return { html: '', error: T.formulaTooLong };
  if (depthOf(latex) > LATEX_LIMITS.maxDepth) return { html: '', error: T.formulaTooDeep };
  try {
    return { html: katex.renderToString(latex, { ...KATEX_OPTIONS, displayMode: display }) };
  } catch (err) {
    // a KaTeX parse error names the problem; anything else (a stack overflow) does not help
    const message = err instanceof katex.ParseError ? err.message : T.formulaTooDeep;
    return { html: '', error: message };
  }
}
