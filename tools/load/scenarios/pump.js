// The IV pump simulator (learner spec §2, §5; issue 14): Generate Question
// (POST /api/simulations/pump/generate with the three controls) and Check Answer
// (POST /api/simulations/pump/check with the typed pump readings). A generated problem never
// carries its answer; a check answers 'Correct!' (with the worked explanation) or
// 'Incorrect. Try again.'.
import { headers, isObject, json, trimBase } from './http.js';

/** @typedef {import('./http.js').LoadRequest} LoadRequest */
/** @typedef {import('./http.js').Checks} Checks */
/**
 * @typedef {{ calculate: 'rate' | 'vtbi' | 'time', timeFormat: 'given' | 'ampm' | 'military', pumpCount: 'single' | 'dual' }} PumpControls
 * @typedef {{ rate: string, vtbi: string }} Reading
 * @typedef {{ A?: Reading, B?: Reading, hours?: string, minutes?: string }} PumpAnswer
 * @typedef {{ id: string, calculate: string, pumpCount: string, channels: string[] }} PumpQuestionView
 */

/** Every combination of the controls (Time mode has no time format of its own). @type {PumpControls[]} */
export const PUMP_CONTROLS = /** @type {const} */ (['rate', 'vtbi', 'time']).flatMap((calculate) =>
  /** @type {const} */ (['single', 'dual']).flatMap((pumpCount) =>
    (calculate === 'time'
      ? /** @type {const} */ (['given'])
      : /** @type {const} */ (['given', 'ampm', 'military'])
    ).map((timeFormat) => ({ calculate, timeFormat, pumpCount })),
  ),
);

/** The keys of a generated problem (libs/contracts PumpQuestion): nothing else, no answer. */
const QUESTION_KEYS = [
  'calculate',
  'channels',
  'display',
  'id',
  'kind',
  'preview',
  'pumpCount',
  'text',
  'timeFormat',
].join();

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {PumpControls} controls
 * @returns {LoadRequest}
 */
export function pumpGenerateRequest(baseUrl, token, controls) {
  return {
    name: 'pump-generate',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/simulations/pump/generate`,
    headers: headers(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify(controls),
  };
}

/** @type {Checks} */
export const pumpGenerateChecks = {
  'pump-generate: status is 200': (r) => r.status === 200,
  'pump-generate: a problem without its answer': (r) => {
    const b = json(r);
    return (
      isObject(b) &&
      Object.keys(b).sort().join() === QUESTION_KEYS &&
      typeof b.id === 'string' &&
      typeof b.text === 'string'
    );
  },
};

/**
 * @param {string} baseUrl
 * @param {string | null} token
 * @param {string} id
 * @param {PumpAnswer} answer
 * @returns {LoadRequest}
 */
export function pumpCheckRequest(baseUrl, token, id, answer) {
  return {
    name: 'pump-check',
    method: 'POST',
    url: `${trimBase(baseUrl)}/api/simulations/pump/check`,
    headers: headers(token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ id, answer }),
  };
}

/**
 * The checks of a Check Answer: 200 and the spec's verdict; `expect` 'correct' (our benchmark
 * sends the right readings) also wants the worked explanation, 'any' (a load tester's script
 * has no answers) takes either verdict.
 * @param {'correct' | 'any'} expect
 * @returns {Checks}
 */
export function pumpCheckChecks(expect) {
  return {
    'pump-check: status is 200': (r) => r.status === 200,
    'pump-check: the verdict': (r) => {
      const b = json(r);
      if (!isObject(b)) return false;
      if (expect === 'correct')
        return b.correct === true && b.message === 'Correct!' && typeof b.explanation === 'string';
      return (
        (b.correct === true && b.message === 'Correct!') ||
        (b.correct === false && b.message === 'Incorrect. Try again.' && b.explanation === null)
      );
    },
  };
}

/**
 * What a load tester's script types: every field at 0 (or 0 hours 00 minutes). A valid
 * submission the server must read and grade like any other.
 * @param {PumpQuestionView} question
 * @returns {PumpAnswer}
 */
export function idleAnswer(question) {
  if (question.calculate === 'time') return { hours: '0', minutes: '00' };
  const zero = { rate: '0', vtbi: '0' };
  return { A: zero, B: zero };
}

/**
 * The question of a generate answer, or null.
 * @param {unknown} body
 * @returns {PumpQuestionView | null}
 */
export function pumpQuestionOf(body) {
  if (!isObject(body) || typeof body.id !== 'string' || typeof body.calculate !== 'string')
    return null;
  return /** @type {PumpQuestionView} */ (/** @type {unknown} */ (body));
}
