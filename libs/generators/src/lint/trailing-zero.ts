import { excerpt, plainText } from './text';
import type { TextRule } from './types';

/** A number whose decimals end in 0 ('5.0', '2.50'), with a dollar sign before it if any. */
const TRAILING = /(?<![\w.,])(\$?)(\d[\d,]*)\.(\d*0)(?!\d)/g;

/**
 * ISMP: no trailing zero ('5 mg', never '5.0 mg': read as 50 mg). Everywhere, answers rounded
 * to a place included: an answer rounded to the hundredth that comes out 2.5 is written 2.5
 * (the rounding instruction says where to round, not how many digits to show; the validator
 * takes 2.50 as 2.5). The one exception is money: a dollar amount with cents shows both
 * digits ('$4.50'), as prices are written; '$4.5' would be the odd one.
 */
export const trailingZeroRule: TextRule = ({ place, text }) => {
  const plain = plainText(text);
  const out = [];
  for (const match of plain.matchAll(TRAILING)) {
    const [whole, dollar, , decimals] = match;
    if (dollar && decimals.length === 2) continue;
    out.push({
      rule: 'trailing-zero' as const,
      place,
      found: excerpt(plain, match.index ?? 0, whole.length),
      message: `drop the trailing zero of '${whole}'`,
    });
  }
  return out;
};
