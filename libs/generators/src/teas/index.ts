import type { CourseDefinition } from '../core';
import { dataTables } from './data-tables';
import { decimalOps } from './decimal-ops';
import { estimationRounding } from './estimation-rounding';
import { fdpConversion } from './fdp-conversion';
import { fractionOps } from './fraction-ops';
import { inequalities } from './inequalities';
import { linearEquations } from './linear-equations';
import { metricConversions } from './metric-conversions';
import { metricImperial } from './metric-imperial';
import { orderOfOperations } from './order-of-operations';
import { percents } from './percents';
import { perimeterArea } from './perimeter-area';
import { ratioProportion } from './ratio-proportion';
import { statistics } from './statistics';
import { volume } from './volume';
import { wordProblems } from './word-problems';

const NUMBERS = 'Numbers and Algebra';
const MEASUREMENT = 'Measurement and Data';

/** TEAS Math course: objectives keyed by numeric code (sorted numerically in the UI). */
export const TEAS_COURSE: CourseDefinition = {
  id: 'teas_math',
  name: 'TEAS Math',
  objectives: [
    {
      code: '1',
      name: 'Fractions',
      section: NUMBERS,
      topics: [{ key: 'teas_fraction_ops', name: 'Fraction operations', generate: fractionOps }],
    },
    {
      code: '2',
      name: 'Decimals and Scientific Notation',
      section: NUMBERS,
      topics: [
        { key: 'teas_decimal_ops', name: 'Decimal operations', generate: decimalOps },
        // Catalogue topic without a generator yet (its switches stay disabled).
        { key: 'teas_scientific_notation', name: 'Scientific notation' },
      ],
    },
    {
      code: '3',
      name: 'Percents',
      section: NUMBERS,
      topics: [
        {
          key: 'teas_percents',
          name: 'Percent of a number, what percent, percent change',
          generate: percents,
        },
      ],
    },
    {
      code: '4',
      name: 'Converting Fractions, Decimals and Percents',
      section: NUMBERS,
      topics: [
        {
          key: 'teas_fdp_conversion',
          name: 'Fractions, decimals and percents',
          generate: fdpConversion,
        },
      ],
    },
    {
      code: '5',
      name: 'Ratios and Proportions',
      section: NUMBERS,
      topics: [
        { key: 'teas_ratio_proportion', name: 'Ratios and proportions', generate: ratioProportion },
      ],
    },
    {
      code: '6',
      name: 'Order of Operations',
      section: NUMBERS,
      topics: [
        {
          key: 'teas_order_of_operations',
          name: 'Order of operations (PEMDAS)',
          generate: orderOfOperations,
        },
      ],
    },
    {
      code: '7',
      name: 'Equations and Inequalities',
      section: NUMBERS,
      topics: [
        {
          key: 'teas_linear_equations',
          name: 'Solving linear equations',
          generate: linearEquations,
        },
        { key: 'teas_inequalities', name: 'Solving inequalities', generate: inequalities },
      ],
    },
    {
      code: '8',
      name: 'Word Problems',
      section: NUMBERS,
      topics: [
        { key: 'teas_word_problems', name: 'Rate, cost and work problems', generate: wordProblems },
      ],
    },
    {
      code: '9',
      name: 'Estimation and Rounding',
      section: NUMBERS,
      topics: [
        {
          key: 'teas_estimation_rounding',
          name: 'Rounding and estimating',
          generate: estimationRounding,
        },
      ],
    },
    {
      code: '10',
      name: 'Metric Conversions',
      section: MEASUREMENT,
      topics: [
        {
          key: 'teas_metric_conversions',
          name: 'Converting within the metric system',
          generate: metricConversions,
        },
      ],
    },
    {
      code: '11',
      name: 'Metric and US Customary Conversions',
      section: MEASUREMENT,
      topics: [
        {
          key: 'teas_metric_imperial',
          name: 'Metric and US customary units, Fahrenheit and Celsius',
          generate: metricImperial,
        },
      ],
    },
    {
      code: '12',
      name: 'Perimeter and Area',
      section: MEASUREMENT,
      topics: [{ key: 'teas_perimeter_area', name: 'Perimeter and area', generate: perimeterArea }],
    },
    {
      code: '13',
      name: 'Volume',
      section: MEASUREMENT,
      topics: [{ key: 'teas_volume', name: 'Volume of solids', generate: volume }],
    },
    {
      code: '14',
      name: 'Statistics',
      section: MEASUREMENT,
      topics: [
        { key: 'teas_statistics', name: 'Mean, median, mode and range', generate: statistics },
      ],
    },
    {
      code: '15',
      name: 'Tables, Charts and Variables',
      section: MEASUREMENT,
      topics: [
        { key: 'teas_data_tables', name: 'Reading data from tables', generate: dataTables },
        // Catalogue topic without a generator yet (its switches stay disabled).
        { key: 'teas_dependent_variables', name: 'Independent and dependent variables' },
      ],
    },
  ],
};
