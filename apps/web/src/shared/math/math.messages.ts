/** Texts of the shared math rendering (MathText). */
export const MATH_MESSAGES = {
  /** Name of a display formula too wide for the screen, which then scrolls in its own box. */
  scrollFormula: 'Formula, scroll sideways to read it all',
} as const;
