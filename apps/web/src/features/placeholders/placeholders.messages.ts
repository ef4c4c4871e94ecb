/** Pages of later capabilities: what they are and which capability brings them. */
export const PLACEHOLDER_PAGES = {
  fullTest: { title: 'Check As You Go Test', message: 'Tests arrive with the testing capability.' },
  practiceTest: {
    title: 'Practice Test',
    message: 'Practice tests arrive with the testing capability.',
  },
  workbook: { title: 'Workbook', message: 'Workbooks arrive with the media capability.' },
  simulations: {
    title: 'Pump Simulator',
    message: 'The pump simulator arrives with the simulations capability.',
  },
} as const;

export type PlaceholderPageKey = keyof typeof PLACEHOLDER_PAGES;
