import type { CourseDefinition } from '../core';

/** TEAS Math course: objectives keyed by numeric code (sorted numerically in the UI). */
export const TEAS_COURSE: CourseDefinition = {
  id: 'teas_math',
  name: 'TEAS Math',
  objectives: [],
};
