import type { CourseDefinition } from '../core';
import { ivFlowRate } from './iv-flow-rate';

/** Med Dosage course: objectives keyed by numeric code (sorted numerically in the UI). */
export const MED_DOSAGE_COURSE: CourseDefinition = {
  id: 'med_dosage',
  name: 'Med Dosage',
  objectives: [
    {
      code: '5',
      name: 'IV Flow Rates',
      section: 'IV Therapy',
      topics: [{ key: 'md_iv_flow_rate', name: 'IV flow rate (mL/hr)', generate: ivFlowRate }],
    },
  ],
};
