import {
  TEST_LIMITS,
  type SavePracticeAnswerAnswer,
  type SubmittedAnswer,
} from '@examprep/contracts/types';
import { ApiError } from '../../shared/api/api-client';
import { isEmptyAnswer, sameAnswer } from './test-screen.logic';

/** Local draft key of one practice answer (learner spec §3 Local draft). */
export const draftKey = (testId: string, qid: string) => `examprep.draft.${testId}.${qid}`;

/** Reads a draft; an unreadable or foreign-shaped entry is no draft. */
export function readDraft(storage: Storage, testId: string, qid: string): SubmittedAnswer | null {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(testId, qid));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  } catch {
    // not ours
  }
  return null;
}

export function writeDraft(storage: Storage, testId: string, qid: string, answer: SubmittedAnswer) {
  try {
    storage.setItem(draftKey(testId, qid), JSON.stringify(answer));
  } catch {
    // storage full or blocked: the answer is still held in memory and saved when it can be
  }
}

export function clearDraft(storage: Storage, testId: string, qid: string) {
  try {
    storage.removeItem(draftKey(testId, qid));
  } catch {
    // ignore
  }
}

/** Where one answer stands. */
export type SaveStatus =
  /** Nothing to do (the answer equals the stored one, or nothing typed). */
  | 'idle'
  /** Changed, not yet saved (the draft holds it). */
  | 'pending'
  | 'saving'
  | 'saved'
  /**
   * Kept on this device, not yet on the server: a save failed for the network (saved when the
   * connection returns), or a draft restored on load (saved by the next flush).
   */
  | 'kept'
  /** The server refused it (message). */
  | 'error';

export interface AnswerState {
  /** What the server holds (null = nothing). */
  stored: SubmittedAnswer | null;
  /** What the learner has on screen. */
  current: SubmittedAnswer;
  valid: boolean;
  status: SaveStatus;
  savedAt: string | null;
  message: string | null;
}

export interface PracticeSaverSnapshot {
  answers: Readonly<Record<string, AnswerState>>;
  /** A save failed for the network and waits for the connection. */
  offline: boolean;
}

export interface PracticeSaverOptions {
  testId: string;
  /** POST /api/save-practice-answer. */
  save: (qid: string, answer: SubmittedAnswer) => Promise<SavePracticeAnswerAnswer>;
  storage: Storage;
  /** navigator.onLine */
  isOnline: () => boolean;
  /** The server answered 409 TIME_UP / TEST_SUBMITTED: the test is over. */
  onTestOver: (error: ApiError) => void;
  autosaveMs?: number;
  /** Window-like target of the 'online' event. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

function isNetworkFailure(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/**
 * The practice test's answers between the screen and the server (learner spec §4 Practice
 * test): every change is written to the local draft at once; `flush` (every 15 s, on question
 * change, when the connection returns) saves each answer that is non-empty, changed and valid;
 * a successful save clears the draft unless the learner changed it meanwhile. A save that
 * fails for the network keeps the draft and is retried on the 'online' event and by the
 * autosave: a typed answer is never lost. Framework-free, so the timing is unit-tested with
 * fake timers; the screen reads `snapshot` through useSyncExternalStore.
 */
export class PracticeSaver {
  private answers: Record<string, AnswerState> = {};
  private offline = false;
  private snap: PracticeSaverSnapshot = { answers: {}, offline: false };
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private inFlight = new Map<string, Promise<void>>();
  private over = false;
  private readonly onOnline = () => {
    void this.flush();
  };

  constructor(private readonly opts: PracticeSaverOptions) {}

  /**
   * The server's answers; a draft that differs from the stored answer is restored (kept on
   * this device until the next flush saves it), an equal one is dropped.
   */
  load(
    questions: readonly {
      qid: string;
      submittedAnswer: SubmittedAnswer | null;
      savedAt: string | null;
    }[],
    validate: (qid: string, a: SubmittedAnswer) => boolean,
  ) {
    const { storage, testId } = this.opts;
    for (const q of questions) {
      const draft = readDraft(storage, testId, q.qid);
      const stored = q.submittedAnswer ?? null;
      if (draft !== null && !sameAnswer(draft, stored)) {
        this.answers[q.qid] = {
          stored,
          current: draft,
          valid: validate(q.qid, draft),
          status: 'kept',
          savedAt: q.savedAt,
          message: null,
        };
      } else {
        if (draft !== null) clearDraft(storage, testId, q.qid);
        this.answers[q.qid] = {
          stored,
          current: stored ?? '',
          valid: true,
          status: stored === null ? 'idle' : 'saved',
          savedAt: q.savedAt,
          message: null,
        };
      }
    }
    this.emit();
  }

  /** A change on screen: held in memory and in the local draft at once. */
  change(qid: string, answer: SubmittedAnswer, valid: boolean) {
    const prev = this.answers[qid];
    const stored = prev?.stored ?? null;
    writeDraft(this.opts.storage, this.opts.testId, qid, answer);
    const unchanged = sameAnswer(answer, stored);
    if (unchanged) clearDraft(this.opts.storage, this.opts.testId, qid);
    this.answers[qid] = {
      stored,
      current: answer,
      valid,
      status: unchanged ? (stored === null ? 'idle' : 'saved') : 'pending',
      savedAt: prev?.savedAt ?? null,
      message: null,
    };
    this.emit();
  }

  /** Would `flush` save this answer now? Non-empty, changed and valid (spec). */
  needsSave(qid: string): boolean {
    const a = this.answers[qid];
    return (
      a !== undefined &&
      a.valid &&
      !isEmptyAnswer(a.current) &&
      !sameAnswer(a.current, a.stored) &&
      !this.inFlight.has(qid)
    );
  }

  /** Saves every answer (or the given ones) that needs it; resolves when all are settled. */
  async flush(qids?: readonly string[]): Promise<void> {
    if (this.over) return;
    const ids = (qids ?? Object.keys(this.answers)).filter((id) => this.needsSave(id));
    if (ids.length === 0) {
      await Promise.all([...this.inFlight.values()]);
      return;
    }
    if (!this.opts.isOnline()) {
      for (const id of ids) this.set(id, { status: 'kept' });
      this.offline = true;
      this.emit();
      return;
    }
    await Promise.all(ids.map((id) => this.saveOne(id)));
  }

  private saveOne(qid: string): Promise<void> {
    const sent = this.answers[qid]!.current;
    this.set(qid, { status: 'saving' });
    this.emit();
    const run = (async () => {
      try {
        const answer = await this.opts.save(qid, sent);
        const now = this.answers[qid]!;
        const changedMeanwhile = !sameAnswer(now.current, sent);
        if (!changedMeanwhile) clearDraft(this.opts.storage, this.opts.testId, qid);
        this.answers[qid] = {
          ...now,
          stored: answer.saved ? sent : null,
          status: changedMeanwhile ? 'pending' : 'saved',
          savedAt: answer.savedAt,
          message: null,
        };
        if (!Object.values(this.answers).some((a) => a.status === 'kept')) this.offline = false;
      } catch (err) {
        if (isNetworkFailure(err) || !this.opts.isOnline()) {
          this.set(qid, { status: 'kept' });
          this.offline = true;
        } else if (
          err instanceof ApiError &&
          (err.code === 'TIME_UP' || err.code === 'TEST_SUBMITTED')
        ) {
          this.set(qid, { status: 'pending' });
          if (!this.over) {
            this.over = true;
            this.opts.onTestOver(err);
          }
        } else {
          this.set(qid, {
            status: 'error',
            message: err instanceof Error ? err.message : String(err),
          });
        }
      } finally {
        this.inFlight.delete(qid);
        this.emit();
      }
    })();
    this.inFlight.set(qid, run);
    return run;
  }

  /** Autosave every 15 s and on the 'online' event. */
  start() {
    if (this.timer !== null) return;
    this.timer = setInterval(
      () => void this.flush(),
      this.opts.autosaveMs ?? TEST_LIMITS.autosaveMs,
    );
    this.opts.events?.addEventListener('online', this.onOnline);
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.opts.events?.removeEventListener('online', this.onOnline);
  }

  /** The test ended (submitted): nothing is saved any more. */
  end() {
    this.over = true;
    this.stop();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): PracticeSaverSnapshot => this.snap;

  private set(qid: string, patch: Partial<AnswerState>) {
    const a = this.answers[qid];
    if (a) this.answers[qid] = { ...a, ...patch };
  }

  private emit() {
    this.snap = { answers: { ...this.answers }, offline: this.offline };
    for (const l of this.listeners) l();
  }
}

/**
 * Where one practice answer stands for the test's progress (issue 24 #7): 'saved' on the
 * server; 'pending', answered on this device and on its way there (a save is running, or it is
 * kept after a network failure or restored from the draft); 'none'. An answer being typed
 * ('pending' status, not yet flushed) counts once a save is tried, as it does online, so the
 * counts do not jump with each keystroke; one the server refused does not count.
 */
export type AnswerProgress = 'saved' | 'pending' | 'none';

export function answerProgress(a: AnswerState | undefined): AnswerProgress {
  if (a === undefined) return 'none';
  if ((a.status === 'kept' || a.status === 'saving') && a.valid && !isEmptyAnswer(a.current))
    return 'pending';
  return isEmptyAnswer(a.stored) ? 'none' : 'saved';
}

/** Calls `fn` once `ms` after the last call (the practice question switch, 300 ms). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const debounced = (...args: A) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return debounced;
}
