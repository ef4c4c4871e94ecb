import { excerpt, mathOf, plainText } from './text';
import type { LintProblem, TextRule } from './types';

/**
 * Units, dose designations and symbols as the ISMP List of Error-Prone Abbreviations,
 * Symbols, and Dose Designations (Institute for Safe Medication Practices, 2021;
 * https://www.ismp.org/recommendations/error-prone-abbreviations-list) asks:
 * cc -> mL (mistaken as u), IU -> units (mistaken as IV or 10), U or u -> units (mistaken as
 * 0 or 4), µg -> mcg (mistaken as mg), lowercase l -> L (mistaken as 1), ml -> mL,
 * q.d./QD -> daily, q.o.d./QOD -> every other day, qhs -> nightly, SC/SQ/sub q -> subcut,
 * D/C -> discharge or discontinue, HS/hs -> half-strength or bedtime, TIW -> 3 times weekly,
 * abbreviated drug names (MSO4, MgSO4, MTX, HCTZ) -> the full name, apothecary grains
 * (gr) -> metric, and the symbols @ and & in prose -> 'at' and 'and'.
 * 'hr' (and 'h') for hour is not on the list (its entry is the symbol °), so 'mL/hr' stays.
 * Not enforced: a unit followed by a period ('mg.'), which the list names for handwriting
 * and labels: in prose the period ends the sentence ('give 5 mL.').
 */
const WRONG: readonly { pattern: RegExp; write: string }[] = [
  { pattern: /\bcc\b/g, write: 'mL' },
  { pattern: /\bIU\b/g, write: 'units' },
  { pattern: /(?<=\d\s?)[Uu]\b(?![-'])/g, write: 'units' },
  { pattern: /\b[Uu]\/(kg|hr|h|min|mL|L|day)\b/g, write: 'units/…' },
  { pattern: /[µμ]g/g, write: 'mcg' },
  { pattern: /(?<=\d\s?)ml\b/g, write: 'mL' },
  { pattern: /(?<=\d\s?)l\b/g, write: 'L' },
  { pattern: /\b(q\.?d\.?|QD|q\.?o\.?d\.?|QOD)(?!\w)/g, write: 'daily / every other day' },
  { pattern: /\bqhs\b/gi, write: 'nightly' },
  { pattern: /\b(SC|SQ|sub ?q)\b/g, write: 'subcut' },
  { pattern: /\bD\/C\b/g, write: 'discharge or discontinue' },
  { pattern: /\b(HS|hs)\b/g, write: 'half-strength or bedtime' },
  { pattern: /\bTIW\b/gi, write: '3 times weekly' },
  { pattern: /\b(MSO4|MgSO4|MTX|HCTZ|ZnSO4|APAP)\b/g, write: 'the drug name in full' },
  { pattern: /(?<=\d\s?)gr\b/g, write: 'a metric unit' },
];

/**
 * Any entry of WRONG, as one pattern (each with its own flags: `(?i:…)` for the case-blind
 * ones): most texts hold none, and one scan that finds nothing spares the fifteen, which made
 * this the slowest rule of the registry lint specs. It matches where some entry matches, so
 * the entries still find and report every problem.
 */
const ANY_WRONG = new RegExp(
  WRONG.map(({ pattern }) => `(?${pattern.flags.includes('i') ? 'i' : ''}:${pattern.source})`).join(
    '|',
  ),
);

/**
 * The words of a text outside math, plus the \text{} of its math: a unit is written as text
 * in LaTeX (`5\,\text{mL}`), while a letter in math is a variable (`P = 2l + 2w`).
 */
function wordsOf(text: string): string {
  // no backslash, no math: the words are the plain text (the one the other rules just read)
  if (!text.includes('\\')) return plainText(text);
  let prose = text;
  const units: string[] = [];
  for (const segment of mathOf(text)) {
    prose = prose.replace(segment, ' ');
    for (const m of segment.matchAll(/(\d[\d.{},]*)?\\,?\\text\{([^{}]*)\}/g))
      units.push(`${m[1] ?? ''} ${m[2]}`);
  }
  return plainText(`${prose} ${units.join(' ')}`);
}

export const ismpUnitsRule: TextRule = ({ place, text }) => {
  const plain = wordsOf(text);
  const out: LintProblem[] = [];
  for (const { pattern, write } of ANY_WRONG.test(plain) ? WRONG : []) {
    for (const match of plain.matchAll(pattern)) {
      out.push({
        rule: 'ismp-units',
        place,
        found: excerpt(plain, match.index ?? 0, match[0].length),
        message: `'${match[0]}' is on ISMP's error-prone list: write ${write}`,
      });
    }
  }
  // @ and & in prose (math keeps & as the column separator of a table)
  let prose = text;
  for (const segment of mathOf(text)) prose = prose.replace(segment, ' ');
  for (const match of prose.matchAll(/(?<!\\)[@&]/g)) {
    out.push({
      rule: 'ismp-units',
      place,
      found: excerpt(prose, match.index ?? 0, 1),
      message: `'${match[0]}' is on ISMP's error-prone list: write '${match[0] === '@' ? 'at' : 'and'}'`,
    });
  }
  return out;
};
