// Who may sign what (ADR 0020 §3): one table, evaluated before the object store is asked, so
// the answer is the same whether the object exists or not. Pure: the facts come from peers.
import type { Actor, ParsedMediaPath } from '@examprep/contracts';

/** Who is asking, as far as the table cares. */
export type ActorClass = 'admin' | 'learner' | 'unverified' | 'anonymous';

export function actorClass(actor: Actor | null | undefined): ActorClass {
  if (!actor) return 'anonymous';
  if (actor.isAdmin) return 'admin';
  return actor.emailVerified ? 'learner' : 'unverified';
}

/** The facts the table needs for a learner: which peer to ask, if any. */
export type NeededFacts = 'none' | 'question' | 'workbook' | 'download';

/**
 * Facts about a verified learner and a path. `question` from the testing service
 * (testing.media.access); `product` = the learner may open the product behind a workbook or
 * a download (owned, or free); `productFree` = that product costs nothing; `productKnown` =
 * some product (a workbook manifest, a catalogue download include) has the path.
 */
export interface AccessFacts {
  question?: { inTest: boolean; revealed: boolean };
  productKnown?: boolean;
  productFree?: boolean;
  product?: boolean;
}

/** Which facts `mayAccess` needs for this actor and path (nothing for admins and refusals). */
export function neededFacts(actor: Actor | null | undefined, path: ParsedMediaPath): NeededFacts {
  if (actorClass(actor) !== 'learner' || isStampedOnly(path)) return 'none';
  if (path.kind === 'question') return 'question';
  if (path.kind === 'download') return 'download';
  return 'workbook';
}

/**
 * Workbook PDFs are only ever delivered stamped with the reader's email (generate-stamped-pdf,
 * ADR 0020 §4): their originals are read by the media service itself and signed to nobody,
 * admins included, so the stamp cannot be skipped.
 */
export function isStampedOnly(path: ParsedMediaPath): boolean {
  return path.kind === 'workbookPdf';
}

/**
 * The signing table:
 * | path kind | admin | learner (verified) | anonymous, unverified |
 * | Images/{qid}-que.png | yes | the question is in one of their tests | no |
 * | Images/{qid}-exp.png, VideoSolutions/{qid}-vid.mp4 | yes | its answer may be shown in one of their tests | no |
 * | Workbooks/*.pdf | no (stamped copies only: generate-stamped-pdf) | no | no |
 * | Workbooks/*\/videos/*.mp4 | yes | owns the workbook's product (or it is free) | no |
 * | Downloads/* | yes | the product is free, or owned | no |
 * A fact that is missing counts as no.
 */
export function mayAccess(
  actor: Actor | null | undefined,
  path: ParsedMediaPath,
  facts: AccessFacts,
): boolean {
  if (isStampedOnly(path)) return false;
  const who = actorClass(actor);
  if (who === 'admin') return true;
  if (who !== 'learner') return false;
  switch (path.kind) {
    case 'question':
      if (!facts.question) return false;
      return path.slot === 'questionImage' ? facts.question.inTest : facts.question.revealed;
    case 'workbookPdf':
      return false;
    case 'workbookVideo':
    case 'download':
      return facts.productKnown === true && facts.product === true;
  }
}

/**
 * The download routes (learner spec §7): download-file-free serves only files of free products
 * (to every verified user and admins); download-file-paid serves files of products the caller
 * may open (owners, free products, admins). An unknown file is refused on both.
 */
export function mayDownload(
  actor: Actor | null | undefined,
  tier: 'free' | 'paid',
  facts: Pick<AccessFacts, 'productKnown' | 'productFree' | 'product'>,
): boolean {
  const who = actorClass(actor);
  if (who === 'anonymous' || who === 'unverified') return false;
  if (facts.productKnown !== true) return who === 'admin' && tier === 'paid';
  if (tier === 'free') return facts.productFree === true;
  return who === 'admin' || facts.product === true;
}

/** The workbook's PDF path for one of its video paths (Workbooks/{Name}/videos/x.mp4 → Workbooks/{Name}.pdf). */
export function workbookPdfOfVideo(videoPath: string): string {
  const name = videoPath.split('/')[1] ?? '';
  return `Workbooks/${name}.pdf`;
}
