import type { CourseDefinition } from '../core';
import { dividedDailyDose } from './divided-daily-dose';
import { dripRate } from './drip-rate';
import { heparin } from './heparin';
import { householdConversion } from './household-conversions';
import { infusionTime } from './infusion-time';
import { ivFlowRate } from './iv-flow-rate';
import { metricConversion } from './metric-conversions';
import { oralLiquid } from './oral-liquid';
import { oralTablets } from './oral-tablets';
import { pediatricSafeDose } from './pediatric-safe-dose';
import {
  pumpRateDual,
  pumpRateSingle,
  pumpTimeDual,
  pumpTimeSingle,
  pumpVtbiDual,
  pumpVtbiSingle,
} from './pump';
import { reconstitution } from './reconstitution';
import { solutionStrength } from './solution-strength';
import { titration } from './titration';
import { weightBasedDose } from './weight-based-dose';
import { weightConversion } from './weight-conversions';

/** Med Dosage course: objectives keyed by numeric code (sorted numerically in the UI). */
export const MED_DOSAGE_COURSE: CourseDefinition = {
  id: 'med_dosage',
  name: 'Med Dosage',
  objectives: [
    {
      code: '1',
      name: 'Metric Conversions',
      section: 'Conversions',
      topics: [
        {
          key: 'md_convert_metric',
          name: 'Metric conversions (g, mg, mcg, L, mL)',
          generate: metricConversion,
        },
      ],
    },
    {
      code: '2',
      name: 'Weight and Household Conversions',
      section: 'Conversions',
      topics: [
        {
          key: 'md_convert_weight',
          name: 'Weight conversions (kg, lb, oz)',
          generate: weightConversion,
        },
        {
          key: 'md_convert_household',
          name: 'Household volume conversions (tsp, tbsp, oz, cup, mL, L)',
          generate: householdConversion,
        },
      ],
    },
    {
      code: '3',
      name: 'Oral Medications',
      section: 'Oral Medications',
      topics: [
        { key: 'md_oral_tablets', name: 'Oral tablets (desired over have)', generate: oralTablets },
        { key: 'md_oral_liquid', name: 'Oral liquids (D/H × Q)', generate: oralLiquid },
      ],
    },
    {
      code: '4',
      name: 'Weight-Based Dosing',
      section: 'Weight-Based Dosing',
      topics: [
        {
          key: 'md_weight_based_dose',
          name: 'Weight-based doses (mg/kg)',
          generate: weightBasedDose,
        },
        {
          key: 'md_divided_daily_dose',
          name: 'Divided daily doses (mg/kg/day)',
          generate: dividedDailyDose,
        },
        {
          key: 'md_pediatric_safe_dose',
          name: 'Pediatric safe dose ranges',
          generate: pediatricSafeDose,
        },
        // Catalogue only: no generator yet (its switches stay disabled in the topic manager).
        { key: 'md_bsa_dosing', name: 'Body surface area (BSA) dosing' },
      ],
    },
    {
      code: '5',
      name: 'IV Flow Rates',
      section: 'IV Therapy',
      topics: [
        { key: 'md_iv_flow_rate', name: 'IV flow rate (mL/hr)', generate: ivFlowRate },
        { key: 'md_drip_rate', name: 'Gravity drip rate (gtt/min)', generate: dripRate },
        {
          key: 'md_infusion_time',
          name: 'Infusion time (hours and minutes)',
          generate: infusionTime,
        },
      ],
    },
    {
      code: '6',
      name: 'Reconstitution and Solutions',
      section: 'Solutions',
      topics: [
        { key: 'md_reconstitution', name: 'Reconstitution of powders', generate: reconstitution },
        {
          key: 'md_solution_strength',
          name: 'Percentage and ratio strength',
          generate: solutionStrength,
        },
      ],
    },
    {
      code: '7',
      name: 'Heparin and Titrations',
      section: 'Critical Care',
      topics: [
        {
          key: 'md_heparin',
          name: 'Heparin infusions and boluses (units/hr, mL/hr)',
          generate: heparin,
        },
        { key: 'md_titration', name: 'Titrations (mcg/kg/min and mL/hr)', generate: titration },
      ],
    },
    {
      // Issue 14: answered on the pump face, Infinite QBank only (never stored or in tests).
      code: '8',
      name: 'IV Pump Programming',
      section: 'IV Therapy',
      topics: [
        {
          key: 'md_pump_rate_single',
          name: 'Pump programming: rate, one pump',
          generate: pumpRateSingle,
          answeredOn: 'pump',
        },
        {
          key: 'md_pump_rate_dual',
          name: 'Pump programming: rate, two pumps',
          generate: pumpRateDual,
          answeredOn: 'pump',
        },
        {
          key: 'md_pump_vtbi_single',
          name: 'Pump programming: VTBI, one pump',
          generate: pumpVtbiSingle,
          answeredOn: 'pump',
        },
        {
          key: 'md_pump_vtbi_dual',
          name: 'Pump programming: VTBI, two pumps',
          generate: pumpVtbiDual,
          answeredOn: 'pump',
        },
        {
          key: 'md_pump_time_single',
          name: 'Pump programming: infusion time, one pump',
          generate: pumpTimeSingle,
          answeredOn: 'pump',
        },
        {
          key: 'md_pump_time_dual',
          name: 'Pump programming: infusion time, primary and piggyback',
          generate: pumpTimeDual,
          answeredOn: 'pump',
        },
      ],
    },
  ],
};
