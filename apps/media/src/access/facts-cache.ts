import type { MediaAccessReply } from '@examprep/contracts';

/** An answer of testing.media.access; `full` = both facts were asked (not only 'inTest'). */
export type QuestionFacts = MediaAccessReply & { full?: boolean };

/** How long a learner's answer for a question is kept: revealed stays revealed; the rest may change soon. */
export const REVEALED_TTL_MS = 5 * 60_000;
export const UNREVEALED_TTL_MS = 5_000;
/** Entries kept at most (all dropped when it is passed: a bound, not a policy). */
export const FACTS_CACHE_MAX = 50_000;

/**
 * testing.media.access answers per (question, learner), kept briefly so a page of images does not
 * ask the testing service once per image; dropped per question when its media change or it is
 * deleted.
 */
export class QuestionFactsCache {
  private readonly byQid = new Map<string, Map<string, { value: QuestionFacts; expires: number }>>();
  private count = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get(uid: string, qid: string): QuestionFacts | undefined {
    const entry = this.byQid.get(qid)?.get(uid);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.byQid.get(qid)!.delete(uid);
      this.count--;
      return undefined;
    }
    return entry.value;
  }

  set(uid: string, qid: string, value: QuestionFacts): void {
    if (this.count >= FACTS_CACHE_MAX) this.clear();
    let users = this.byQid.get(qid);
    if (!users) this.byQid.set(qid, (users = new Map()));
    if (!users.has(uid)) this.count++;
    users.set(uid, {
      value,
      expires: this.now() + (value.revealed ? REVEALED_TTL_MS : UNREVEALED_TTL_MS),
    });
  }

  dropQuestion(qid: string): void {
    const users = this.byQid.get(qid);
    if (!users) return;
    this.count -= users.size;
    this.byQid.delete(qid);
  }

  clear(): void {
    this.byQid.clear();
    this.count = 0;
  }

  get size(): number {
    return this.count;
  }
}
