import { aOrAn } from '../core/words';
import { excerpt, plainText } from './text';
import type { LintProblem, TextRule } from './types';

/**
 * 'a' or 'an' by the sound of the next word ('an 8-hour', 'an 11', 'a unit', 'an hour',
 * 'an IV', 'a mL' read 'a milliliter'): see core/words for the sounds and exceptions. A
 * capital 'A' counts only at the start of a sentence, so 'Pump A is' and 'type A blood' are
 * names, not articles.
 */
export const articleRule: TextRule = ({ place, text }) => {
  const plain = plainText(text);
  const out: LintProblem[] = [];
  const pattern = /(^|[.?!:]\s+|[^\w'.,-]\s*)\b(a|an|A|An)\s+([$(]?[\w][\w.,-]*)/g;
  for (const match of plain.matchAll(pattern)) {
    const [, before, article, next] = match;
    const capital = article[0] === 'A';
    const sentenceStart = before === '' || /[.?!:]\s+$/.test(before);
    if (capital && !sentenceStart) continue;
    const want = aOrAn(next);
    if (article.toLowerCase() === want) continue;
    const index = (match.index ?? 0) + before.length;
    const wanted = capital ? want[0].toUpperCase() + want.slice(1) : want;
    out.push({
      rule: 'article',
      place,
      found: excerpt(plain, index, article.length + next.length + 1),
      message: `'${article} ${next}' should be '${wanted} ${next}'`,
    });
  }
  return out;
};
