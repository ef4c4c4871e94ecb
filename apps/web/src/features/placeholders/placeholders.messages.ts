/** Pages of later capabilities: what they are and which capability brings them. */
export const PLACEHOLDER_PAGES = {
  simulations: {
    title: 'Pump Simulator',
    message: 'The pump simulator arrives with the simulations capability.',
  },
} as const;

export type PlaceholderPageKey = keyof typeof PLACEHOLDER_PAGES;
