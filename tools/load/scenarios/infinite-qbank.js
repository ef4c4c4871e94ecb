// Infinite QBank as a learner (learner spec §7): the open courses, a generated batch
// (GET /api/infiniteqbank/generate-batch, default 5 questions, answers never included) and
// the server-side check of one answer (POST /api/infiniteqbank/check).
import { headers, isObject, json, query, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */

/**
 * Where generate-batch draws from.
 * @typedef {object} BatchTarget
 * @property {string} course
 * @property {string} objective
 * @property {number} count
 */

/**
 * A generated question as the API sends it (contracts' InfiniteQuestion).
 * @typedef {object} GeneratedQuestion
 * @property {string} id
 * @property {'single' | 'blank' | 'pump'} type
 * @property {string[]} choices
 * @property {{ calculate: string } | null} [pump]  pump items: what the pump face shows
 */

/** The fields of a generated question; anything else (an answer, an explanation) is a leak. */
export const QUESTION_FIELDS = [
  'id',
  'topicKey',
  'seed',
  'course',
  'objective',
  'type',
  'question',
  'choices',
  'rounding',
  'unit',
  'pump',
];

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @returns {LoadRequest}
 */
export function coursesRequest(baseUrl, token) {
  return {
    name: 'infiniteqbank-courses',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/infiniteqbank/courses`,
    headers: headers(token),
    body: null,
  };
}

/**
 * The course and objective to practise: the preferred course if open (else the first open
 * one), its last objective that has topics.
 * @param {unknown} coursesBody  parsed answer of coursesRequest
 * @param {{ course?: string, objective?: string, count?: number }} [prefer]
 * @returns {BatchTarget}
 */
export function pickBatchTarget(coursesBody, prefer = {}) {
  const courses =
    isObject(coursesBody) && Array.isArray(coursesBody.courses) ? coursesBody.courses : [];
  const open = courses.filter((c) => isObject(c) && isObject(c.objectives));
  const course = open.find((c) => c.id === (prefer.course ?? 'med_dosage')) ?? open[0];
  if (!course)
    throw new Error('no open Infinite QBank course for this user: seed the system or open a topic');
  const objectives = /** @type {Record<string, unknown>} */ (course.objectives);
  const withTopics = Object.keys(objectives).filter((k) => {
    const o = objectives[k];
    return isObject(o) && Array.isArray(o.topics) && o.topics.length > 0;
  });
  const objective = prefer.objective ?? withTopics[withTopics.length - 1];
  if (!objective) throw new Error(`course ${String(course.id)} has no objective with topics`);
  return { course: String(course.id), objective, count: prefer.count ?? 5 };
}

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {BatchTarget} target
 * @returns {LoadRequest}
 */
export function generateBatchRequest(baseUrl, token, target) {
  return {
    name: 'generate-batch',
    method: 'GET',
    url: `${trimBase(baseUrl)}/api/infiniteqbank/generate-batch${query({
      course: target.course,
      objective: target.objective,
      count: target.count,
    })}`,
    headers: headers(token),
    body: null,
  };
}

/** @param {unknown} r */
const questionsOf = (r) => (isObject(r) && Array.isArray(r.questions) ? r.questions : undefined);

/**
 * @param {BatchTarget} target
 * @returns {Checks}
 */
export function generateBatchChecks(target) {
  return {
    'generate-batch: status is 200': (r) => r.status === 200,
    [`generate-batch: ${target.count} questions of the objective`]: (r) => {
      const qs = questionsOf(json(r));
      return (
        qs !== undefined &&
        qs.length === target.count &&
        qs.every(
          (q) =>
            isObject(q) &&
            typeof q.id === 'string' &&
            typeof q.question === 'string' &&
            q.course === target.course &&
            q.objective === target.objective,
        )
      );
    },
    'generate-batch: questions carry no answers': (r) => {
      const qs = questionsOf(json(r));
      return (
        qs !== undefined &&
        qs.every((q) => isObject(q) && Object.keys(q).every((k) => QUESTION_FIELDS.includes(k)))
      );
    },
  };
}

/**
 * Questions of a generate-batch answer, to send answers for.
 * @param {unknown} batchBody
 * @returns {GeneratedQuestion[]}
 */
export function questionsFrom(batchBody) {
  return /** @type {GeneratedQuestion[]} */ (questionsOf(batchBody) ?? []);
}

/**
 * An answer to one generated question (the first choice, or "1" for a blank): the check
 * itself is what is measured, not whether the answer is right.
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {GeneratedQuestion} question
 * @returns {LoadRequest}
 */
export function checkAnswerRequest(baseUrl, token, question) {
  const answer =
    question.type === 'pump'
      ? idlePumpAnswer(question)
      : [question.type === 'single' && question.choices.length > 0 ? question.choices[0] : '1'];
  return {
    name: 'infiniteqbank-check',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/infiniteqbank/check`,
    headers: headers(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ id: question.id, answer }),
  };
}

/**
 * A pump item (Med Dosage pump topics) answered with every field at 0, in the order of
 * PUMP_ANSWER_ORDER (libs/contracts): four readings, or hours and two-digit minutes.
 * @param {GeneratedQuestion} question
 * @returns {string[]}
 */
function idlePumpAnswer(question) {
  const calculate = isObject(question.pump) ? question.pump.calculate : undefined;
  return calculate === 'time' ? ['0', '00'] : ['0', '0', '0', '0'];
}

/** @type {Checks} */
export const checkAnswerChecks = {
  'check: status is 200': (r) => r.status === 200,
  'check: a verdict with the answer and its explanation': (r) => {
    const v = json(r);
    return (
      isObject(v) &&
      typeof v.correct === 'boolean' &&
      Array.isArray(v.correctAnswer) &&
      v.correctAnswer.length > 0 &&
      typeof v.explanation === 'string' &&
      v.explanation.length > 0
    );
  },
};
