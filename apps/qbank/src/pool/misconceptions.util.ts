import type { NamedMisconception, QuestionType, RoundingRule } from '@examprep/contracts';
import { generate, parseItemId } from '@examprep/generators';
import { checkAnswer } from '@examprep/validation';

/** What the replay needs of a stored question. */
export interface ReplaySource {
  type: QuestionType;
  choices: readonly string[];
  correctAnswer: readonly string[];
  rounding: RoundingRule | null;
  /** The generator item id `topic~seed` the question was built from; absent for hand-made ones. */
  generatedFrom?: string | null;
}

/**
 * A choice's text compared without spacing, case or thousands separators: questions stored
 * before the generators wrote separators (issue 28) hold '1000' where a replay shows '1,000'.
 */
const normalise = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1');

/**
 * The named misconceptions behind a stored question's wrong answers (issue 12 Deliver 9): the
 * generator item the question was built from is replayed (ADR 0009) and its distractors kept
 * when they still fit the question as it is stored now: for choice questions, those whose
 * value is still one of the choices (given as the choice's stored text); for typed answers,
 * every distractor. A distractor that the one answer check takes as correct is dropped, so a
 * correct answer is never named a misconception. Hand-made questions, unknown topics or seeds
 * (an id the registry no longer knows): none.
 */
export function namedMisconceptions(q: ReplaySource): NamedMisconception[] {
  if (!q.generatedFrom) return [];
  const parsed = parseItemId(q.generatedFrom);
  if (!parsed) return [];
  let distractors: readonly NamedMisconception[];
  try {
    distractors = generate(parsed.topicKey, parsed.seed).distractors;
  } catch {
    return [];
  }
  const choiceByKey = new Map(q.choices.map((c) => [normalise(c), c]));
  const out: NamedMisconception[] = [];
  const seen = new Set<string>();
  for (const d of distractors) {
    const value = q.type === 'blank' ? d.value : choiceByKey.get(normalise(d.value));
    if (value === undefined || !d.misconception.trim()) continue;
    const key = normalise(value);
    if (seen.has(key) || isCorrect(q, value)) continue;
    seen.add(key);
    out.push({ value, misconception: d.misconception });
  }
  return out;
}

/** The value checks equal to one of the correct answers (each alone: a SATA question has several). */
function isCorrect(q: ReplaySource, value: string): boolean {
  const type = q.type === 'blank' ? 'blank' : 'single';
  return q.correctAnswer.some((correct) =>
    checkAnswer({ type, correctAnswer: [correct], rounding: q.rounding }, [value]),
  );
}

/**
 * Replays cached by the question's content and generator id: a replay costs a generator run,
 * an edited question gets a new key. Bounded: cleared when it grows past `max` entries.
 */
export class MisconceptionCache {
  private readonly entries = new Map<string, NamedMisconception[]>();

  constructor(private readonly max = 5_000) {}

  get size(): number {
    return this.entries.size;
  }

  of(qid: string, q: ReplaySource): NamedMisconception[] {
    if (!q.generatedFrom) return [];
    const key = JSON.stringify([
      qid,
      q.generatedFrom,
      q.type,
      q.choices,
      q.correctAnswer,
      q.rounding?.places ?? null,
    ]);
    const hit = this.entries.get(key);
    if (hit) return hit.map((m) => ({ ...m }));
    const found = namedMisconceptions(q);
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, found);
    return found.map((m) => ({ ...m }));
  }
}
