import type {
  InfiniteQuestion,
  LearningSummary,
  Readiness,
  SkillView,
} from '@examprep/contracts/types';

/** Shapes of the learning calls for the specs (what the gateway answers). */
const skill = (over: Partial<SkillView> & Pick<SkillView, 'key' | 'name'>): SkillView => ({
  level: 'developing',
  p: 0.66,
  low: 0.55,
  high: 0.8,
  answers: 12,
  correct: 8,
  lastAt: '2026-11-28T01:00:00.000Z',
  ...over,
});

export const SUMMARY: LearningSummary = {
  courses: [
    {
      course: 'teas_math',
      name: 'TEAS Math',
      objectives: [
        {
          ...skill({ key: '1', name: 'Fractions and decimals' }),
          section: 'Numbers and Algebra',
          topics: [skill({ key: 't_fr', name: 'Fractions' })],
        },
        {
          ...skill({
            key: '5',
            name: 'Units of measure',
            level: 'not-enough',
            p: 0.5,
            low: 0.2,
            high: 0.8,
            answers: 2,
            correct: 1,
          }),
          section: 'Measurement and Data',
          topics: [],
        },
      ],
    },
  ],
  dueReviews: 3,
  dueByCourse: { teas_math: 1, med_dosage: 2 },
  answers: 31,
  weakSpots: [
    { course: 'teas_math', topicKey: 't_fr', name: 'Fractions', level: 'needs-work' },
    { course: 'teas_math', topicKey: 't_pc', name: 'Percentages', level: 'developing' },
    { course: 'med_dosage', topicKey: 'md_iv', name: 'IV flow rate', level: 'developing' },
    { course: 'teas_math', topicKey: 't_a', name: 'Algebra', level: 'proficient' },
    { course: 'teas_math', topicKey: 't_b', name: 'Ratios', level: 'proficient' },
    { course: 'teas_math', topicKey: 't_c', name: 'Sixth topic', level: 'proficient' },
  ],
};

export const EMPTY_SUMMARY: LearningSummary = {
  courses: [],
  dueReviews: 0,
  dueByCourse: { teas_math: 0, med_dosage: 0 },
  answers: 0,
  weakSpots: [],
};

export const READINESS: Readiness = {
  teas: {
    enough: true,
    scoredItems: 34,
    predicted: 25.8,
    low: 23,
    high: 29,
    percent: 76,
    percentLow: 68,
    percentHigh: 85,
    sections: [
      {
        section: 'Numbers and Algebra',
        scoredItems: 18,
        predicted: 14.2,
        low: 12,
        high: 16,
        percent: 79,
        percentLow: 67,
        percentHigh: 89,
        enough: true,
        answers: 16,
        lastAt: '2026-11-28T01:00:00.000Z',
      },
      {
        section: 'Measurement and Data',
        scoredItems: 16,
        predicted: 11.6,
        low: 10,
        high: 13,
        percent: 73,
        percentLow: 63,
        percentHigh: 81,
        enough: true,
        answers: 15,
        lastAt: '2026-11-27T01:00:00.000Z',
      },
    ],
    answers: 31,
    lastAt: '2026-11-28T01:00:00.000Z',
    summary:
      'We expect about 26 of 34 (76 %), likely between 23 and 29 (8 chances in 10). Based on 31 answers, the latest today.',
  },
  medDosage: [
    {
      section: 'IV Therapy',
      level: 'not-enough',
      p: 0.5,
      low: 0.21,
      high: 0.79,
      answers: 1,
      lastAt: null,
      summary:
        'Not enough answers yet to tell: likely between 21 % and 79 % right on a typical question for now. Based on 1 answer.',
    },
  ],
  trend: [
    {
      at: '2026-11-20T10:00:00.000Z',
      course: 'teas_math',
      kind: 'test',
      percent: 62,
      low: null,
      high: null,
    },
    {
      at: '2026-11-27T10:00:00.000Z',
      course: 'teas_math',
      kind: 'estimate',
      percent: 70,
      low: 61,
      high: 79,
    },
    {
      at: '2026-11-28T10:00:00.000Z',
      course: 'teas_math',
      kind: 'estimate',
      percent: 76,
      low: 68,
      high: 85,
    },
  ],
};

export const NOT_ENOUGH_READINESS: Readiness = {
  teas: {
    ...READINESS.teas,
    enough: false,
    answers: 4,
    sections: READINESS.teas.sections.map((s) => ({ ...s, enough: false, answers: 2 })),
    summary:
      'Not enough answers yet: answer at least 8 more Numbers and Algebra and 8 more Measurement and Data questions for a prediction.',
  },
  medDosage: [],
  trend: [],
};

export const question = (n: number, over: Partial<InfiniteQuestion> = {}): InfiniteQuestion => ({
  id: `t_fr~${n}`,
  topicKey: 't_fr',
  seed: n,
  course: 'teas_math',
  objective: '1',
  type: 'single',
  question: `What is ${n}/2 as a decimal?`,
  choices: ['0.5', `${n / 2}`, '2'],
  rounding: null,
  unit: null,
  pump: null,
  ...over,
});
