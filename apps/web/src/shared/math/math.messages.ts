/** Texts of the shared math rendering (MathText). */
export const MATH_MESSAGES = {
  /** Name of a display formula too wide for the screen, which then scrolls in its own box. */
  scrollFormula: 'Formula, scroll sideways to read it all',
  /** Title of a formula shown as source because it is too long to render. */
  formulaTooLong: 'This formula is too long to display (at most 2,000 characters).',
  /** Title of a formula shown as source because it nests too deeply to render. */
  formulaTooDeep: 'This formula is nested too deeply to display.',
} as const;
