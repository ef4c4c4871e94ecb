import type { LintSubject, ShownText } from './types';

/**
 * What a learner reads of a text with KaTeX in it, as plain words and numbers, so one set
 * of rules reads prose and math alike: `1{,}000` is '1,000', `\frac{1}{2}` is '1/2',
 * `\text{mL}` is 'mL', spacing commands are spaces and other commands go.
 *
 * Every text rule reads the plain text of the same shown text, one rule after another, and
 * the registry lint specs do that for about 1.4 million texts: the last text's result is kept,
 * so a shown text is converted once instead of once per rule (the conversion was most of the
 * lint's time). The result depends on the text alone, so the kept one is always right.
 */
export function plainText(text: string): string {
  if (text !== lastText) {
    lastPlain = convert(text);
    lastText = text;
  }
  return lastPlain;
}
let lastText = '';
let lastPlain = '';

function convert(text: string): string {
  // without a backslash there is no command, spacing, \frac or \text: only the braces ('{,}'
  // is ',' once they go), the column separator and the spacing to tidy (two texts in three)
  if (!text.includes('\\')) return tidy(text);
  let out = text
    .replace(/\{,\}/g, ',')
    .replace(/\\\\/g, ' ')
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\quad|\\qquad/g, ' ')
    .replace(/\\[()[\]]/g, ' ')
    .replace(/\\([%$&#_])/g, '$1');
  for (let i = 0; i < 4; i++) {
    const before = out;
    out = out
      .replace(/\\(?:text|textbf|textit|mathrm|mathbf|operatorname)\{([^{}]*)\}/g, '$1')
      .replace(/\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}/g, ' $1/$2 ');
    if (out === before) break;
  }
  return tidy(out.replace(/\\[A-Za-z]+/g, ' '));
}

/** Braces go, '&' (a column separator) and runs of spaces are one space, the ends trimmed. */
const tidy = (text: string): string =>
  text.replace(/[{}]/g, '').replace(/&/g, ' ').replace(/\s+/g, ' ').trim();

/** The math segments of a text (bodies of \( \) and \[ \]). */
export function mathOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g))
    out.push(match[1] ?? match[2]);
  return out;
}

/** Every text a learner is shown of an item (the pump text once: it is the question). */
export function shownTexts(subject: LintSubject): ShownText[] {
  const out: ShownText[] = [
    { place: 'question', text: subject.question },
    ...subject.choices.map((text) => ({ place: 'choice' as const, text })),
    { place: 'explanation', text: subject.explanation },
  ];
  if (subject.pumpText !== undefined && subject.pumpText !== subject.question)
    out.push({ place: 'pump', text: subject.pumpText });
  for (const reading of subject.pumpFace ?? []) out.push({ place: 'pump', text: reading });
  return out;
}

/** A short excerpt around a match, for the report. */
export function excerpt(text: string, index: number, length: number): string {
  const from = Math.max(0, index - 25);
  const to = Math.min(text.length, index + length + 25);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}
