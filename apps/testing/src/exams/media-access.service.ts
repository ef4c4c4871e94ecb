import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type MediaAccessNeed,
  type MediaAccessReply,
  QidParamDto,
} from '@examprep/contracts';
import { requireVerified, ServiceError, validatePayload } from '@examprep/nest-kit';
import { LRUCache } from 'lru-cache';
import type { TestRecord } from './test.schema';
import { isRevealed } from './test-view';
import { keptFor, TestStore } from './test-store';

/** A granted question (in a test, or revealed) is answered from memory this long. */
export const MEDIA_GRANT_TTL_MS = 60_000;
const MEDIA_GRANTS_SIZE = 20_000;

interface Grant {
  revealed: boolean;
}

/**
 * `testing.media.access` (ADR 0020 §3): may the media service sign a question's media for this
 * learner? inTest: the question is in one of the learner's tests (its snapshot); revealed: in
 * one of them its answer may be shown (the test is completed, or a full test's question was
 * checked: the reveal rule of test-view.ts).
 *
 * The signing route is hot (a test screen asks for each question's image), and on FerretDB
 * a read by anything but `_id` passes over a whole collection, so what was GRANTED is kept
 * MEDIA_GRANT_TTL_MS per learner and question: both facts only ever go from false to true while the test exists. A
 * refusal is never kept, so a test just made or a question just checked counts at once; a
 * deleted test's grant lives out its minute (the learner had those URLs already).
 */
@Injectable()
export class MediaAccessService {
  private readonly grants = new LRUCache<string, Grant>({
    max: MEDIA_GRANTS_SIZE,
    ...keptFor(MEDIA_GRANT_TTL_MS, () => this.store.clock),
  });

  constructor(private readonly store: TestStore) {}

  async access(
    actor: Actor | null,
    qid: string,
    need?: MediaAccessNeed,
  ): Promise<MediaAccessReply> {
    requireVerified(actor);
    validatePayload(QidParamDto, { qid });
    const key = `${actor.uid}\u0000${qid}`;
    const hit = this.grants.get(key);
    if (hit && (hit.revealed || need === 'inTest')) {
      return { inTest: true, revealed: hit.revealed };
    }
    const answer = await this.lookUp(actor.uid, qid);
    if (answer.inTest) this.grants.set(key, { revealed: answer.revealed });
    return answer;
  }

  /**
   * One read of the learner's tests (small documents), their snapshots through the store's
   * cache, then the answer sheets of the unfinished full tests holding the question only.
   */
  private async lookUp(userId: string, qid: string): Promise<MediaAccessReply> {
    const tests = await this.store.repo.listByUser(userId);
    let inTest = false;
    const unfinishedFull: TestRecord[] = [];
    for (const test of tests) {
      if (!(await this.holds(test, qid))) continue;
      inTest = true;
      if (isRevealed(test, undefined)) return { inTest, revealed: true };
      if (test.mode === 'full') unfinishedFull.push(test);
    }
    for (const test of unfinishedFull) {
      const answers = await this.store.repo.findAnswers(test._id, test.userId, [qid]);
      if (isRevealed(test, answers.get(qid))) return { inTest, revealed: true };
    }
    return { inTest, revealed: false };
  }

  /** The test's snapshot holds the question (a test deleted meanwhile holds nothing). */
  private async holds(test: TestRecord, qid: string): Promise<boolean> {
    try {
      return (await this.store.questionsOf(test)).some((q) => q.qid === qid);
    } catch (err) {
      if (err instanceof ServiceError && err.payload.status === 404) return false;
      throw err;
    }
  }
}
