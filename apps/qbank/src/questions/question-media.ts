import {
  MEDIA_SLOTS,
  type MediaSlot,
  type Question,
  type QuestionFilters,
  type QuestionMedia,
  type QuestionMediaChanges,
  questionMediaPath,
} from '@examprep/contracts';

/** The slots of a save that name a staged upload (to commit), and those set to null (removed). */
export function splitChanges(changes: QuestionMediaChanges | undefined): {
  uploads: QuestionMediaChanges;
  removed: MediaSlot[];
} {
  const uploads: QuestionMediaChanges = {};
  const removed: MediaSlot[] = [];
  for (const slot of MEDIA_SLOTS) {
    if (!changes || !Object.hasOwn(changes, slot)) continue;
    const change = changes[slot];
    if (change === null) removed.push(slot);
    else if (change) uploads[slot] = { uploadId: change.uploadId };
  }
  return { uploads, removed };
}

export const hasUploads = (uploads: QuestionMediaChanges) => Object.keys(uploads).length > 0;

/**
 * The question's media after a save: committed slots get their path (admin spec §3), removed
 * slots null, the others what they were.
 */
export function nextMedia(
  current: QuestionMedia,
  committed: Partial<QuestionMedia>,
  removed: readonly MediaSlot[],
): QuestionMedia {
  const media = { ...current };
  for (const slot of MEDIA_SLOTS) {
    const path = committed[slot];
    if (typeof path === 'string') media[slot] = path;
    if (removed.includes(slot)) media[slot] = null;
  }
  return media;
}

/** Every path a save changed (committed or removed): signed-URL caches drop them. */
export function changedPaths(
  qid: string,
  committed: Partial<QuestionMedia>,
  removed: readonly MediaSlot[],
): string[] {
  return MEDIA_SLOTS.filter(
    (slot) => typeof committed[slot] === 'string' || removed.includes(slot),
  ).map((slot) => questionMediaPath(qid, slot));
}

/** The list's has/missing media filters (admin spec §2.4) that are set. */
export function mediaFilters(f: QuestionFilters): [MediaSlot, 'has' | 'missing'][] {
  return MEDIA_SLOTS.flatMap((slot) => {
    const want = f[slot];
    return want === 'has' || want === 'missing'
      ? [[slot, want] as [MediaSlot, 'has' | 'missing']]
      : [];
  });
}

/**
 * Keeps the questions whose media matches the filters. `exists` says whether a slot has media:
 * the real object (the media service's index) or, when the index is not to be had, the
 * document's path.
 */
export function filterByMedia(
  questions: readonly Question[],
  filters: readonly [MediaSlot, 'has' | 'missing'][],
  exists: (q: Question, slot: MediaSlot) => boolean,
): Question[] {
  return questions.filter((q) =>
    filters.every(([slot, want]) => exists(q, slot) === (want === 'has')),
  );
}

/** Existence by the media service's index of real objects at the question's fixed paths. */
export const existsInIndex =
  (index: ReadonlySet<string>) =>
  (q: Question, slot: MediaSlot): boolean =>
    index.has(questionMediaPath(q.qid, slot));

/** Existence by the document alone (the fallback). */
export const existsInDocument = (q: Question, slot: MediaSlot): boolean =>
  typeof q.media[slot] === 'string';
