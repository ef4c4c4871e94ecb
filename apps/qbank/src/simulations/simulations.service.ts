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
import { PumpAccess } from './pump-access';

/**
 * The IV infusion-pump simulator (learner spec §2, §5; ADR 0021): problems for the controls
 * and their checks. The answer never leaves the server before a check; the id replays the
 * exact problem. Callers without simulation access (the catalog decides) get the preview:
 * single-pump problems with a given duration from PUMP_PREVIEW's seeds, and checks of those.
 */
@Injectable()
export class SimulationsService {
  constructor(private readonly access: PumpAccess) {}

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
    return { ...verdict, explanation: verdict.correct ? explainPump(problem) : null };
  }
}
