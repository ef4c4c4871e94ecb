import { excerpt, plainText } from './text';
import type { TextRule } from './types';

/** A decimal point with no digit before it ('.5'); not an ellipsis or a sentence's end. */
const NAKED = /(?<![\w.])\.\d/g;

/** ISMP: a leading zero always ('0.5 mg', never '.5 mg': the point is missed, 5 mg given). */
export const leadingZeroRule: TextRule = ({ place, text }) => {
  const plain = plainText(text);
  return [...plain.matchAll(NAKED)].map((match) => ({
    rule: 'leading-zero' as const,
    place,
    found: excerpt(plain, match.index ?? 0, 2),
    message: `write a zero before the decimal point ('0${match[0]}')`,
  }));
};
