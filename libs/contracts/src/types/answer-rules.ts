/**
 * The versions of the answer rules that grade typed numeric answers (ADR 0036), and the
 * feedback texts they give. Shared by the services that grade (qbank, testing) and the web app
 * that shows the feedback.
 *
 * - 1: the first rules (issue #4). Under a stated rounding the learner's value is rounded before
 *   it is compared (6.25 passes for 6.3); '.7' passes for 0.7.
 * - 2: NCLEX-style rules (issue 28). Under a stated rounding only the correctly rounded value is
 *   right (6.3 and 6.30; not 6.25, 6.3333 or 6.3499); a decimal below 1 typed without its
 *   leading zero ('.7') is incorrect, with ANSWER_RULE_MESSAGES.leadingZero as feedback.
 */
export const ANSWER_RULES_VERSIONS = [1, 2] as const;
export type AnswerRulesVersion = (typeof ANSWER_RULES_VERSIONS)[number];

/** The rules every new check and every new test is graded under. */
export const ANSWER_RULES_VERSION: AnswerRulesVersion = 2;

/** Tests stored before the version was recorded were graded under these, and still are. */
export const LEGACY_ANSWER_RULES_VERSION: AnswerRulesVersion = 1;

/** The version a stored test is graded under: its own, or 1 when it has none (made before v2). */
export function answerRulesOf(stored: {
  answerRules?: AnswerRulesVersion | null;
}): AnswerRulesVersion {
  return stored.answerRules ?? LEGACY_ANSWER_RULES_VERSION;
}

/** Feedback on how a typed number is written (ISMP's error-prone dose designations). */
export const ANSWER_RULE_MESSAGES = {
  /** A right value without its leading zero ('.7'): marked incorrect. */
  leadingZero:
    'Write a zero before the decimal point (0.7, not .7). Without it, .7 is easily misread as 7, a tenfold dose error, so this answer is marked incorrect.',
  /** A right value with a trailing zero ('6.30'): still correct. */
  trailingZero:
    'Correct, but leave off trailing zeros (6.3, not 6.30): in a written dose, 5.0 mg is easily misread as 50 mg.',
} as const;

/**
 * The sentence of an item whose key depends on when it is rounded (a value converted first and
 * then used, such as pounds and ounces to kilograms): distinct from the rounding instruction
 * ('Round to the nearest tenth.'), which says how far, not when.
 */
export const ROUND_ONLY_THE_FINAL_ANSWER = 'Do not round until the final answer.';
