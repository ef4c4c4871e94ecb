import { blank, dm, m, Rng, singleChoice } from '../core';
import type { Distractor, GeneratedItem } from '../core';
import { numericFallbacks, option, rounded } from './shared';

export const DATA_TABLES_RANGES = {
  kinds: ['total', 'difference', 'most', 'percent', 'mean'],
  contexts: {
    clinic: {
      header: ['Day', 'Patients'],
      rows: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      minRows: 5,
      min: 20,
      max: 80,
    },
    blood: {
      header: ['Blood type', 'Donors'],
      rows: ['A', 'B', 'AB', 'O'],
      minRows: 4,
      min: 5,
      max: 60,
    },
    vaccines: {
      header: ['Month', 'Flu vaccines'],
      rows: ['September', 'October', 'November', 'December', 'January'],
      minRows: 4,
      min: 40,
      max: 250,
    },
    falls: {
      header: ['Unit', 'Falls reported'],
      rows: ['Medical', 'Surgical', 'Pediatrics', 'Orthopedics', 'Rehabilitation'],
      minRows: 4,
      min: 1,
      max: 15,
    },
  },
  /** Percents and means are rounded to tenths. */
  places: 1,
} as const;

type Kind = (typeof DATA_TABLES_RANGES.kinds)[number];
type Context = keyof typeof DATA_TABLES_RANGES.contexts;

/** How each context asks its questions. */
const WORDING: Record<
  Context,
  {
    caption: string;
    total: string;
    more: (a: string, b: string) => string;
    most: string;
    share: (a: string) => string;
    mean: string;
  }
> = {
  clinic: {
    caption: 'the number of patients seen at a clinic each day of one week',
    total: 'How many patients were seen in all that week?',
    more: (a, b) => `How many more patients were seen on ${a} than on ${b}?`,
    most: 'On which day were the most patients seen?',
    share: (a) => `What percent of the week's patients were seen on ${a}?`,
    mean: 'What was the mean number of patients seen per day?',
  },
  blood: {
    caption: 'the number of donors of each blood type at a blood drive',
    total: 'How many donors came to the blood drive in all?',
    more: (a, b) => `How many more donors had type ${a} blood than type ${b}?`,
    most: 'Which blood type did the most donors have?',
    share: (a) => `What percent of the donors had type ${a} blood?`,
    mean: 'What was the mean number of donors per blood type?',
  },
  vaccines: {
    caption: 'the number of flu vaccines a clinic gave each month',
    total: 'How many flu vaccines did the clinic give in all?',
    more: (a, b) => `How many more flu vaccines were given in ${a} than in ${b}?`,
    most: 'In which month were the most flu vaccines given?',
    share: (a) => `What percent of the flu vaccines were given in ${a}?`,
    mean: 'What was the mean number of flu vaccines given per month?',
  },
  falls: {
    caption: 'the number of patient falls reported on each unit of a hospital in one year',
    total: 'How many falls were reported in all?',
    more: (a, b) => `How many more falls were reported on the ${a} unit than on the ${b} unit?`,
    most: 'Which unit reported the most falls?',
    share: (a) => `What percent of all the falls were reported on the ${a} unit?`,
    mean: 'What was the mean number of falls per unit?',
  },
};

/** A two-column KaTeX table with borders. */
export function tableLatex(header: readonly [string, string], rows: [string, number][]): string {
  const body = rows.map(([name, value]) => `\\text{${name}} & ${value} \\\\ \\hline`).join(' ');
  return `\\begin{array}{|l|r|}\\hline \\textbf{${header[0]}} & \\textbf{${header[1]}} \\\\ \\hline ${body} \\end{array}`;
}

/** Reading a small data table: totals, differences, the largest entry, percents and means. */
export function dataTables(seed: number): GeneratedItem {
  const rng = new Rng(seed);
  const r = DATA_TABLES_RANGES;
  const kind: Kind = rng.pick(r.kinds);
  const context: Context = rng.pick(Object.keys(r.contexts) as Context[]);
  const c = r.contexts[context];
  const words = WORDING[context];
  const n = rng.int(c.minRows, c.rows.length);
  let values: number[];
  do {
    values = Array.from({ length: n }, () => rng.int(c.min, c.max));
  } while (new Set(values).size < n);
  const rows: [string, number][] = c.rows.slice(0, n).map((name, i) => [name, values[i]]);
  const total = values.reduce((s, v) => s + v, 0);
  const places = r.places;
  const table = dm(tableLatex(c.header, rows));
  const lead = `The table shows ${words.caption}.`;
  const pick = () => rng.int(0, n - 1);

  if (kind === 'most') {
    const order = [...rows].sort((a, b) => b[1] - a[1]);
    const [top, low] = [order[0], order[n - 1]];
    const candidates: Distractor[] = [
      { value: low[0], misconception: 'picked the smallest value' },
      { value: rows[0][0], misconception: 'picked the first row' },
      { value: rows[n - 1][0], misconception: 'picked the last row' },
      ...order.slice(1).map(([name]) => ({ value: name, misconception: 'read the wrong row' })),
    ];
    return singleChoice(
      rng,
      {
        question: `${lead} ${table} ${words.most}`,
        answer: top[0],
        explanation: `Compare the numbers in the second column: the largest is ${m(String(top[1]))}, in the ${top[0]} row. The answer is ${top[0]}.`,
        params: { kind, context },
      },
      candidates,
    );
  }

  let question: string;
  let steps: string[];
  let exact: number;
  let candidates: Distractor[];
  let rowA = '';
  let rowB = '';
  switch (kind) {
    case 'total': {
      exact = total;
      question = words.total;
      steps = [`Add every row of the table:`, dm(`${values.join(' + ')} = ${total}`)];
      candidates = [
        option(total - values[n - 1], 'missed a row when adding', places),
        option(total + values[0], 'counted a row twice', places),
        option(total / n, 'mean instead of total', places),
      ];
      break;
    }
    case 'difference': {
      let i = pick();
      let j = pick();
      while (j === i) j = pick();
      if (values[i] < values[j]) [i, j] = [j, i];
      [rowA, rowB] = [rows[i][0], rows[j][0]];
      exact = values[i] - values[j];
      question = words.more(rowA, rowB);
      steps = [
        `Read the two rows: ${rowA} has ${m(String(values[i]))} and ${rowB} has ${m(String(values[j]))}. Subtract:`,
        dm(`${values[i]} - ${values[j]} = ${exact}`),
      ];
      const other = values.find((_, k) => k !== i && k !== j) ?? 0;
      candidates = [
        option(values[i] + values[j], 'added instead of subtracting', places),
        option(values[i] - other, 'read the wrong row', places),
        option(values[i], 'gave the larger value instead of the difference', places),
      ];
      break;
    }
    case 'percent': {
      const i = pick();
      rowA = rows[i][0];
      const part = values[i];
      exact = (part / total) * 100;
      question = words.share(rowA);
      steps = [
        `Find the total first: ${m(`${values.join(' + ')} = ${total}`)}.`,
        `Then divide the ${rowA} row by the total and multiply by 100:`,
        dm(
          `\\frac{${part}}{${total}} \\times 100 ${Number(rounded(exact, places)) === exact ? '=' : '\\approx'} ${rounded(exact, places)}\\%`,
        ),
      ];
      const max = Math.max(...values);
      candidates = [
        option((part / max) * 100, 'divided by the largest value instead of the total', places),
        option(part / total, 'forgot to multiply by 100', 3),
        option(
          (part / (total - part)) * 100,
          'divided by the other rows instead of the total',
          places,
        ),
        option(part, 'gave the count instead of the percent', places),
      ];
      break;
    }
    default: {
      exact = total / n;
      question = words.mean;
      const sorted = [...values].sort((a, b) => a - b);
      const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
      steps = [
        `The mean is the total divided by the number of rows (${n}):`,
        dm(
          `\\frac{${values.join(' + ')}}{${n}} = \\frac{${total}}{${n}} ${Number(rounded(exact, places)) === exact ? '=' : '\\approx'} ${rounded(exact, places)}`,
        ),
      ];
      candidates = [
        option(median, 'median instead of mean', places),
        option(total / (n - 1), 'divided by the wrong count', places),
        option(total, 'total instead of mean', places),
      ];
    }
  }
  const rounding = kind === 'percent' || kind === 'mean' ? { places } : null;
  const answer = rounded(exact, places);
  const percent = kind === 'percent';
  const params = { kind, context, rowA, rowB };
  const parts = {
    question: `${lead} ${table} ${question}`,
    answer,
    explanation: [...steps, `The answer is ${m(percent ? `${answer}\\%` : answer)}.`].join(' '),
    rounding,
    unit: percent ? '%' : null,
    params,
  };
  if (rng.chance(0.5)) return blank(parts);
  const all = [...candidates, ...numericFallbacks(exact, places)];
  return singleChoice(
    rng,
    { ...parts, answer: percent ? `${answer}%` : answer, unit: null },
    percent ? all.map((d) => ({ ...d, value: d.value && `${d.value}%` })) : all,
  );
}
