import { createHash } from 'node:crypto';
import {
  type AnswerRulesVersion,
  ITEM_RESPONSE_LABELS,
  type ItemResponse,
  type PoolQuestion,
  type TestSubmittedEvent,
  type TestSubmittedItem,
} from '@examprep/contracts';
import { type AnswerState, misconceptionOf, questionStatus } from '../exams/grading';

/** A question of a snapshot (`topic`: the generator topic, absent in older snapshots). */
export type SnapshotQuestion = PoolQuestion;

/** What the fact needs of a stored answer (a lean answer, absent = never touched). */
export interface FactAnswer extends AnswerState {
  savedAt: Date | string | null;
  flagged: boolean;
}

/** What the fact needs of the test. */
export interface FactTest {
  _id: string;
  userId: string;
  mode: TestSubmittedEvent['mode'];
  createdAt: Date | string;
  timer?: { startedAt: Date | string } | null;
  /** The LMS assignment it was started from (issue 30). */
  ltiLink?: string | null;
}

/** The JetStream message id of a test's fact: one per test, so a republish is a duplicate. */
export const testSubmittedMsgId = (testId: string) => `test-submitted:${testId}`;

/** Longest stem kept for the admin table. */
export const STEM_MAX = 120;
/** A gap between two answers longer than this (a learner who left) counts as this long. */
export const MAX_SECONDS_PER_QUESTION = 3600;

/** The key of an option: 'h' and 12 hex digits of the SHA-1 of its trimmed text (a safe field name). */
export const responseKey = (text: string) =>
  `h${createHash('sha1').update(text.trim()).digest('hex').slice(0, 12)}`;

/** TeX commands of the generators' formulas, as a stem of plain text shows them. */
const TEX: Readonly<Record<string, string>> = {
  times: '×',
  div: '÷',
  cdot: '·',
  le: '≤',
  ge: '≥',
  leq: '≤',
  geq: '≥',
  pm: '±',
  approx: '≈',
  ne: '≠',
};

/**
 * The start of a question as plain text for the admin's table: tags dropped, the TeX of the
 * formulas (ADR 0013) written out roughly (`\(\frac{1}{2} \times 4\)` → `1/2 × 4`).
 */
export function plainStem(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\\[()[\]]/g, '')
    .replace(/\\frac\{([^{}]*)\}\{([^{}]*)\}/g, '$1/$2')
    .replace(/\\[,;:! ]/g, ' ')
    .replace(/\\([a-zA-Z]+)/g, (_, cmd: string) => TEX[cmd] ?? '')
    .replace(/\\([$%&#_{}])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, STEM_MAX);
}

const time = (d: Date | string) => new Date(d).getTime();

/** The question's options as the test showed them (ItemResponse of TestSubmittedItem.options). */
export function optionsOf(q: SnapshotQuestion): ItemResponse[] {
  const named = q.misconceptions ?? [];
  const misconceptionFor = (value: string) =>
    named.find((m) => m.value.trim() === value.trim())?.misconception ?? null;
  if (q.type !== 'blank') {
    const correct = new Set(q.correctAnswer.map((c) => c.trim()));
    return q.choices.map((c) => ({
      key: responseKey(c),
      label: c,
      correct: correct.has(c.trim()),
      misconception: correct.has(c.trim()) ? null : misconceptionFor(c),
    }));
  }
  const out: ItemResponse[] = q.correctAnswer.slice(0, 1).map((c) => ({
    key: responseKey(c),
    label: c,
    correct: true,
    misconception: null,
  }));
  for (const m of named)
    if (!out.some((o) => o.key === responseKey(m.value)))
      out.push({
        key: responseKey(m.value),
        label: m.value,
        correct: false,
        misconception: m.misconception,
      });
  return out;
}

/** The keys of the responses an answer gave (see TestSubmittedItem.chosen). */
export function chosenKeys(
  q: SnapshotQuestion,
  answer: readonly string[],
  outcome: TestSubmittedItem['outcome'],
  misconception: string | null,
): string[] {
  if (answer.length === 0) return ['none'];
  if (q.type !== 'blank') return [...new Set(answer.map((a) => responseKey(a)))];
  if (outcome === 'correct') return [responseKey(q.correctAnswer[0] ?? answer[0]!)];
  const hit = misconception && q.misconceptions.find((m) => m.misconception === misconception);
  return hit ? [responseKey(hit.value)] : ['other'];
}

/**
 * Seconds per answered question (ADR 0037): the answers ordered by their last save, each timed
 * from the save before it (the first from the test's start), capped at MAX_SECONDS_PER_QUESTION.
 * The answers record no time of first sight, so this is the time between answers: right for a
 * learner who answers in order, an over-estimate for a question answered after a skipped one,
 * and a question changed later is timed to its last change.
 */
export function secondsPerQuestion(
  test: FactTest,
  answers: ReadonlyMap<string, FactAnswer>,
  answered: ReadonlySet<string>,
): Map<string, number> {
  const start = time(test.timer?.startedAt ?? test.createdAt);
  const saves = [...answers.entries()]
    .filter(([qid, a]) => answered.has(qid) && a.savedAt != null)
    .map(([qid, a]) => ({ qid, at: time(a.savedAt!) }))
    .sort((a, b) => a.at - b.at || (a.qid < b.qid ? -1 : 1));
  const out = new Map<string, number>();
  let previous = start;
  for (const s of saves) {
    const seconds = Math.max(0, (s.at - Math.max(previous, start)) / 1000);
    out.set(s.qid, Math.round(Math.min(seconds, MAX_SECONDS_PER_QUESTION) * 10) / 10);
    previous = Math.max(previous, s.at);
  }
  return out;
}

/**
 * The fact of a graded test: per question its outcome (the grading's own status), the options
 * and the responses given, the misconception hit, the flag and the time estimate, and the test's
 * score. Pure: the submit builds it from the snapshot and the answers it graded.
 */
export function testSubmittedFact(
  test: FactTest,
  questions: readonly SnapshotQuestion[],
  answers: ReadonlyMap<string, FactAnswer>,
  grade: { correctCount: number; finalScore: number },
  submittedAt: Date,
  rules: AnswerRulesVersion,
): TestSubmittedEvent {
  const outcomes = questions.map((q) =>
    questionStatus(test.mode, true, q, answers.get(q.qid), rules),
  );
  const answered = new Set(
    questions.filter((_, i) => outcomes[i] !== 'unanswered').map((q) => q.qid),
  );
  const seconds = secondsPerQuestion(test, answers, answered);
  const items = questions.map((q, i): TestSubmittedItem => {
    const outcome = outcomes[i]!;
    const a = answers.get(q.qid);
    // full tests: only a checked answer counts (questionStatus); practice: the saved one
    const given = outcome === 'unanswered' ? [] : (a?.submittedAnswer ?? []);
    const misconception = outcome === 'incorrect' ? misconceptionOf(q, given, rules) : null;
    return {
      qid: q.qid,
      type: q.type,
      course: q.course,
      objective: q.objective,
      topic: q.topic ?? null,
      stem: plainStem(q.question),
      outcome,
      options: optionsOf(q),
      chosen: chosenKeys(q, given, outcome, misconception),
      misconception,
      misconceptions: [...new Set((q.misconceptions ?? []).map((m) => m.misconception))],
      flagged: !!a?.flagged,
      seconds: outcome === 'unanswered' ? null : (seconds.get(q.qid) ?? null),
    };
  });
  return {
    testId: test._id,
    uid: test.userId,
    mode: test.mode,
    submittedAt: submittedAt.toISOString(),
    total: questions.length,
    correct: grade.correctCount,
    finalScore: grade.finalScore,
    items,
    ...(test.ltiLink ? { ltiLink: test.ltiLink } : {}),
  };
}

/** Labels of the responses that are not options (typed answers). */
export const OTHER_RESPONSES: Readonly<Record<string, string>> = {
  none: ITEM_RESPONSE_LABELS.none,
  other: ITEM_RESPONSE_LABELS.other,
};
