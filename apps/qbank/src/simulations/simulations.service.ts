import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type Actor,
  PUMP_MESSAGES as M,
  type PumpCheckInput,
  PumpCheckDto,
  type PumpCheckResult,
  type PumpGenerateInput,
  PumpGenerateDto,
  type PumpQuestion,
  type PumpKind,
  pumpKindFor,
} from '@examprep/contracts';
import { requireActor, ServiceError, validatePayload } from '@examprep/nest-kit';
import {
  checkPump,
  explainPump,
  generatePump,
  MAX_PUMP_SEED,
  normaliseFormat,
  parsePumpProblemId,
  PUMP_PREVIEW,
  publicView,
} from '@examprep/pump';
import { PUMP_TOPIC_KINDS, topicPlace } from '@examprep/generators';
import { PracticeFacts } from '../infinite/practice-facts';
import { PumpAccess } from './pump-access';

/** The pump topic of each kind (the Infinite QBank's pump topics, one per kind). */
const TOPIC_OF_KIND: ReadonlyMap<PumpKind, string> = new Map(
  Object.entries(PUMP_TOPIC_KINDS).map(([topic, kind]) => [kind, topic]),
);

/**
 * The IV infusion-pump simulator (learner spec §2, §5; ADR 0021): problems for the controls
 * and their checks. The answer never leaves the server before a check; the id replays the
 * exact problem. Callers without simulation access (the catalog decides) get the preview:
 * single-pump problems with a given duration from PUMP_PREVIEW's seeds, and checks of those.
 */
@Injectable()
export class SimulationsService {
  constructor(
    private readonly access: PumpAccess,
    private readonly practice: PracticeFacts,
  ) {}

  async generate(actor: Actor | null, raw: PumpGenerateInput): Promise<PumpQuestion> {
    requireActor(actor);
    const input = validatePayload(PumpGenerateDto, raw);
    const kind = pumpKindFor(input.calculate, input.pumpCount);
    const timeFormat = normaliseFormat(kind, input.timeFormat);
    if (await this.access.full(actor)) {
      // Full problems are drawn outside the preview seeds, so they never read as a preview.
      return publicView(
        generatePump({ kind, timeFormat, seed: randomInt(PUMP_PREVIEW.seeds, MAX_PUMP_SEED + 1) }),
      );
    }
    if (!PUMP_PREVIEW.kinds.includes(kind) || timeFormat !== PUMP_PREVIEW.timeFormat)
      throw ServiceError.forbidden(M.previewOnly);
    return publicView(generatePump({ kind, timeFormat, seed: randomInt(PUMP_PREVIEW.seeds) }));
  }

  async check(actor: Actor | null, raw: PumpCheckInput): Promise<PumpCheckResult> {
    requireActor(actor);
    const input = validatePayload(PumpCheckDto, raw);
    const ref = parsePumpProblemId(input.id);
    if (!ref) throw ServiceError.badRequest(M.invalidId, { id: [M.invalidId] });
    // A preview problem may be checked by anyone signed in (no catalog call on the hot path).
    if (!(await this.access.mayHave(actor, ref))) throw ServiceError.forbidden(M.previewOnly);
    const problem = generatePump(ref);
    const verdict = checkPump(problem, input.answer);
    this.tellLearningEngine(actor, ref.kind, input.id, verdict.correct);
    return { ...verdict, explanation: verdict.correct ? explainPump(problem) : null };
  }

  /**
   * The simulator's answers count toward the learner's mastery of the pump topic of the same
   * kind (issue 29). They make no review cards: the problem id is not an Infinite QBank item.
   */
  private tellLearningEngine(actor: Actor, kind: PumpKind, id: string, correct: boolean): void {
    const topicKey = TOPIC_OF_KIND.get(kind);
    const place = topicKey ? topicPlace(topicKey) : null;
    if (!topicKey || !place) return;
    this.practice.publish({
      uid: actor.uid,
      itemId: id,
      topicKey,
      course: place.course,
      objective: place.objective,
      correct,
      misconception: null,
      guess: 0,
      source: 'pump',
      answeredAt: new Date().toISOString(),
    });
  }
}
