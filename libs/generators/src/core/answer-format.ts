/**
 * What an item tells the learner to type when the answer is not a plain number. A typed
 * answer may hold letters, digits, comma, period, minus, plus, star, slash, parentheses,
 * caret, equals, < > ≤ ≥ ± ∞ √ π and spaces (learner spec §5, math answer validator): no
 * '%' and no ':', so a percent is typed as its number and a time as hours and minutes.
 */
export const ANSWER_FORMAT = {
  /** After a question whose blank takes a percent ('Write 0.51 as a percent.'). */
  percent: 'Enter the percent as a number, without the % sign.',
  /** After a question whose blank takes a fraction. */
  fraction: 'Enter the fraction in lowest terms with a slash, for example 3/4.',
  /** After a question whose blank takes a fraction or a mixed number. */
  mixedNumber:
    'Enter the answer in lowest terms, a fraction with a slash (3/4) and a mixed number with a space (1 3/4).',
} as const;
