import { failedChecks } from './http.js';
import {
  checkAnswerChecks,
  checkAnswerRequest,
  generateBatchChecks,
  generateBatchRequest,
  pickBatchTarget,
  questionsFrom,
} from './infinite-qbank.js';
import { publicConfigChecks, publicConfigRequest } from './public-config.js';

const topic = {
  key: 'md_heparin',
  name: 'Heparin',
  hasGenerator: true,
  free: true,
  available: true,
};
const courses = {
  courses: [
    { id: 'teas_math', objectives: { '1': { name: 'Fractions', topics: [topic] } } },
    {
      id: 'med_dosage',
      objectives: {
        '6': { name: 'Insulin', topics: [topic] },
        '7': { name: 'Heparin', topics: [topic] },
        '8': { name: 'Closed', topics: [] },
      },
    },
  ],
  viewMode: null,
};
const target = { course: 'med_dosage', objective: '7', count: 5 };
const question = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `md_heparin~${i}`,
  topicKey: 'md_heparin',
  seed: i,
  course: 'med_dosage',
  objective: '7',
  type: i % 2 ? 'single' : 'blank',
  question: 'How many mL should the nurse give?',
  choices: i % 2 ? ['2.87', '0.17', '57.48', '0.57'] : [],
  rounding: { places: 2 },
  unit: 'mL',
  ...extra,
});
const batch = (qs: unknown[]) => ({ status: 200, body: JSON.stringify({ questions: qs }) });
const five = [1, 2, 3, 4, 5].map((i) => question(i));

describe('Infinite QBank scenario', () => {
  it('practises the last objective with topics of med_dosage, else of the first open course', () => {
    expect(pickBatchTarget(courses)).toEqual(target);
    expect(pickBatchTarget(courses, { course: 'teas_math', count: 3 })).toEqual({
      course: 'teas_math',
      objective: '1',
      count: 3,
    });
    expect(pickBatchTarget({ courses: [courses.courses[0]] })).toEqual({
      course: 'teas_math',
      objective: '1',
      count: 5,
    });
    expect(() => pickBatchTarget({ courses: [] })).toThrow(/no open Infinite QBank course/);
  });

  it('asks generate-batch for the course, objective and count', () => {
    expect(generateBatchRequest('https://app.example.com', 'tok', target).url).toBe(
      'https://app.example.com/api/infiniteqbank/generate-batch?course=med_dosage&objective=7&count=5',
    );
  });

  it('passes a batch of `count` questions of the objective without answers', () => {
    expect(failedChecks(generateBatchChecks(target), batch(five))).toEqual([]);
  });

  it('fails a batch that leaks an answer or an explanation', () => {
    const leak = [...five.slice(0, 4), question(5, { correctAnswer: ['0.57'] })];
    expect(failedChecks(generateBatchChecks(target), batch(leak))).toEqual([
      'generate-batch: questions carry no answers',
    ]);
    const explained = five.map((q) => ({ ...q, explanation: 'Bolus dose times weight' }));
    expect(failedChecks(generateBatchChecks(target), batch(explained))).toEqual([
      'generate-batch: questions carry no answers',
    ]);
  });

  it('fails a short batch, questions of another objective, or an error answer', () => {
    expect(failedChecks(generateBatchChecks(target), batch(five.slice(0, 4)))).toEqual([
      'generate-batch: 5 questions of the objective',
    ]);
    expect(
      failedChecks(generateBatchChecks(target), batch(five.map((q) => ({ ...q, objective: '6' })))),
    ).toEqual(['generate-batch: 5 questions of the objective']);
    const notFound = {
      status: 404,
      body: JSON.stringify({
        code: 'NOT_FOUND',
        message: 'No topics are available for this objective yet.',
      }),
    };
    expect(failedChecks(generateBatchChecks(target), notFound)).toHaveLength(3);
  });

  it('answers a single question with its first choice and a blank with "1"', () => {
    const qs = questionsFrom(JSON.parse(batch(five).body));
    expect(JSON.parse(checkAnswerRequest('http://x', 't', qs[0]).body ?? '')).toEqual({
      id: 'md_heparin~1',
      answer: ['2.87'],
    });
    expect(JSON.parse(checkAnswerRequest('http://x', 't', qs[1]).body ?? '')).toEqual({
      id: 'md_heparin~2',
      answer: ['1'],
    });
    expect(checkAnswerRequest('http://x', 't', qs[0]).headers['Content-Type']).toBe(
      'application/json',
    );
  });

  it('answers a pump item with every field at 0 in the pump answer order', () => {
    const pump = (calculate: string) => ({
      ...question(1),
      type: 'pump' as const,
      choices: [],
      pump: { calculate },
    });
    expect(JSON.parse(checkAnswerRequest('http://x', 't', pump('rate')).body ?? '').answer).toEqual(
      ['0', '0', '0', '0'],
    );
    expect(JSON.parse(checkAnswerRequest('http://x', 't', pump('time')).body ?? '').answer).toEqual(
      ['0', '00'],
    );
  });

  it('passes a verdict with the correct answer and an explanation only', () => {
    const verdict = {
      correct: false,
      correctAnswer: ['0.57'],
      explanation: 'Bolus dose times weight',
    };
    expect(failedChecks(checkAnswerChecks, { status: 200, body: JSON.stringify(verdict) })).toEqual(
      [],
    );
    expect(
      failedChecks(checkAnswerChecks, {
        status: 200,
        body: JSON.stringify({ ...verdict, explanation: '' }),
      }),
    ).toEqual(['check: a verdict with the answer and its explanation']);
  });
});

describe('public-config scenario', () => {
  it('reads GET /api/public-config anonymously and checks the identity provider settings', () => {
    expect(publicConfigRequest('http://x').headers).toEqual({ Accept: 'application/json' });
    const config = {
      productName: 'NurseMath Prep',
      keycloak: { url: 'http://localhost:18080', realm: 'examprep', clientId: 'web' },
    };
    expect(failedChecks(publicConfigChecks, { status: 200, body: JSON.stringify(config) })).toEqual(
      [],
    );
    expect(
      failedChecks(publicConfigChecks, { status: 200, body: JSON.stringify({ productName: 'x' }) }),
    ).toEqual(['public-config: product name and identity provider']);
  });
});
