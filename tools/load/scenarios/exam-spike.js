// The exam-start spike (issue 12): learners who hold the TEAS Math QBank start a test at the
// same time (POST /api/create-test: half a practice test over teas_math_qbank_practice, half a
// full test over teas_math_qbank_full), then each sends an answer every 2 s: a practice test
// saves (POST /api/save-practice-answer, rotating over its questions, a different valid answer
// on every visit), a full test checks its next unchecked question (POST /api/submit-quiz-answer).
// Afterwards every test is read back (GET /api/tests/:testId): the last answer acknowledged
// with 200 for each (test, question) must be the stored one. Plain ES module with no k6 and
// no Node imports: tools/load/k6/exam-spike.js (load testers) and tools/load/exam-spike.mjs
// (our vegeta measurement) build the same requests, answers and checks from it.
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/** The product the spike's learners hold and its two test includes (tools/seed catalogue). */
export const SPIKE_PRODUCT = 'teas_math_qbank';
/** @type {Readonly<Record<'practice' | 'full', string>>} */
export const SPIKE_INCLUDES = Object.freeze({
  practice: 'teas_math_qbank_practice',
  full: 'teas_math_qbank_full',
});

/** Seconds between two answers of one learner (issue 12: "every 2 s"). */
export const ANSWER_EVERY_S = 2;

/**
 * The mode of the i-th learner: even practice, odd full (half and half).
 * @param {number} i
 * @returns {'practice' | 'full'}
 */
export const spikeMode = (i) => (i % 2 === 0 ? 'practice' : 'full');

/**
 * @param {string | null} token
 * @param {string | undefined} correlationId  sent as X-Correlation-Id (the gateway echoes it)
 */
const jsonHeaders = (token, correlationId) =>
  headers(token, {
    'Content-Type': 'application/json',
    ...(correlationId ? { 'X-Correlation-Id': correlationId } : {}),
  });

/**
 * POST /api/create-test for the spike's product in `mode`.
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {'practice' | 'full'} mode
 * @param {string} [correlationId]
 * @returns {LoadRequest}
 */
export function createTestRequest(baseUrl, token, mode, correlationId) {
  return {
    name: 'create-test',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/create-test`,
    headers: jsonHeaders(token, correlationId),
    body: JSON.stringify({ productId: SPIKE_PRODUCT, includeId: SPIKE_INCLUDES[mode], mode }),
  };
}

/**
 * GET /api/tests/:testId (the learner's own test).
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string} testId
 * @returns {LoadRequest}
 */
export function getTestRequest(baseUrl, token, testId) {
  return {
    name: 'get-test',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/tests/${encodeURIComponent(testId)}`,
    headers: headers(token),
    body: null,
  };
}

/**
 * POST /api/save-practice-answer.
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string} testId
 * @param {string} questionId
 * @param {string | string[]} submittedAnswer
 * @param {string} [correlationId]
 * @returns {LoadRequest}
 */
export function savePracticeAnswerRequest(
  baseUrl,
  token,
  testId,
  questionId,
  submittedAnswer,
  correlationId,
) {
  return {
    name: 'save-practice-answer',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/save-practice-answer`,
    headers: jsonHeaders(token, correlationId),
    body: JSON.stringify({ testId, questionId, submittedAnswer }),
  };
}

/**
 * POST /api/submit-quiz-answer (a full test's Check).
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string} testId
 * @param {string} questionId
 * @param {string | string[]} submittedAnswer
 * @param {string} [correlationId]
 * @returns {LoadRequest}
 */
export function submitQuizAnswerRequest(
  baseUrl,
  token,
  testId,
  questionId,
  submittedAnswer,
  correlationId,
) {
  return {
    name: 'submit-quiz-answer',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/submit-quiz-answer`,
    headers: jsonHeaders(token, correlationId),
    body: JSON.stringify({ testId, questionId, submittedAnswer }),
  };
}

/** @type {Checks} */
export const createTestChecks = {
  'create-test: status is 200': (r) => r.status === 200,
  'create-test: {success: true, testId}': (r) => {
    const b = json(r);
    return isObject(b) && b.success === true && typeof b.testId === 'string' && b.testId !== '';
  },
};

/** @type {Checks} */
export const savePracticeAnswerChecks = {
  'save-practice-answer: status is 200': (r) => r.status === 200,
  'save-practice-answer: saved': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      b.success === true &&
      b.saved === true &&
      typeof b.questionId === 'string' &&
      typeof b.savedAt === 'string'
    );
  },
};

/** @type {Checks} */
export const submitQuizAnswerChecks = {
  'submit-quiz-answer: status is 200': (r) => r.status === 200,
  'submit-quiz-answer: graded, answer revealed': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      b.success === true &&
      typeof b.isCorrect === 'boolean' &&
      isObject(b.updatedQuestion) &&
      Array.isArray(b.updatedQuestion.correctAnswer)
    );
  },
};

/**
 * The checks of a spike request by its name.
 * @param {string} name
 * @returns {Checks}
 */
export function spikeChecks(name) {
  if (name === 'create-test') return createTestChecks;
  if (name === 'save-practice-answer') return savePracticeAnswerChecks;
  if (name === 'submit-quiz-answer') return submitQuizAnswerChecks;
  throw new Error(`no checks for ${name}`);
}

/**
 * What the spike needs of a question of a test (GET /api/tests/:testId).
 * @typedef {object} SpikeQuestion
 * @property {string} qid
 * @property {'single' | 'sata' | 'blank'} type
 * @property {string[]} answerOrder
 */

/**
 * The questions of a test view (throws on anything else).
 * @param {unknown} view
 * @returns {{ testId: string, mode: string, questions: SpikeQuestion[] }}
 */
export function spikeTestOf(view) {
  if (!isObject(view) || typeof view.id !== 'string' || !Array.isArray(view.questions))
    throw new Error('not a test view');
  const questions = view.questions.map((q) => {
    if (!isObject(q) || typeof q.qid !== 'string' || typeof q.type !== 'string')
      throw new Error(`test ${view.id}: a question without qid or type`);
    return {
      qid: q.qid,
      type: /** @type {'single' | 'sata' | 'blank'} */ (q.type),
      answerOrder: Array.isArray(q.answerOrder) ? q.answerOrder.map(String) : [],
    };
  });
  if (questions.length === 0) throw new Error(`test ${view.id} has no questions`);
  return { testId: view.id, mode: String(view.mode), questions };
}

/**
 * A valid answer to a question, different from visit to visit: single, one of its choices;
 * sata, one or two of them; blank, a plain number. `salt` spreads learners over the choices.
 * @param {SpikeQuestion} q
 * @param {number} visit
 * @param {number} salt
 * @returns {string | string[]}
 */
export function spikeAnswer(q, visit, salt) {
  const n = q.answerOrder.length;
  if (q.type === 'blank' || n === 0) return String(10 + ((visit * 7 + salt) % 90));
  const first = q.answerOrder[(visit + salt) % n];
  if (q.type === 'single') return first;
  const second = q.answerOrder[(visit + salt + 1) % n];
  return visit % 2 === 1 && second !== first ? [first, second] : [first];
}

/**
 * The question a practice learner saves in its k-th round: rotating over the test's questions,
 * starting at a question of its own.
 * @param {number} k
 * @param {number} salt
 * @param {number} count  questions of the test
 */
export const practiceQuestionIndex = (k, salt, count) => (k + salt) % count;

/**
 * How many times the question of round k has been saved before (its visit number).
 * @param {number} k
 * @param {number} count
 */
export const practiceVisit = (k, count) => Math.floor(k / count);

/**
 * An answer as a comparable key: trimmed, empty parts dropped, sorted (sata order is free).
 * @param {unknown} a
 */
export function answerKey(a) {
  const list = Array.isArray(a) ? a : a == null ? [] : [a];
  return JSON.stringify(
    list
      .map((x) => String(x).trim())
      .filter((x) => x !== '')
      .sort(),
  );
}
