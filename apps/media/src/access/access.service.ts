import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type MediaAccessNeed,
  includeEntries,
  isFreeProduct,
  MEDIA_MESSAGES,
  type ParsedMediaPath,
  type Product,
  type WorkbookManifest,
} from '@examprep/contracts';
import { ServiceError } from '@examprep/nest-kit';
import { Peers } from '../peers/peers';
import { WorkbooksRepository } from '../workbooks/workbooks.repository';
import { QuestionFactsCache } from './facts-cache';
import {
  type AccessFacts,
  actorClass,
  mayAccess,
  neededFacts,
  isStampedOnly,
  workbookPdfOfVideo,
} from './policy';

/** The product facts of a workbook or a download path. */
export interface ProductFacts {
  productId: string | null;
  productKnown: boolean;
  productFree: boolean;
  product: boolean;
}

/**
 * Gathers the facts the signing table needs (policy.ts) from the peers and the workbook
 * manifests, and decides. Nothing here looks at the object store.
 */
@Injectable()
export class AccessService {
  readonly questionFacts = new QuestionFactsCache();

  constructor(
    private readonly peers: Peers,
    private readonly workbooks: WorkbooksRepository,
  ) {}

  /** 403 'You do not have access to this file.' unless the table allows `path` to `actor`. */
  async assertMaySign(actor: Actor | null, path: ParsedMediaPath): Promise<void> {
    // the same answer to everyone, whether the workbook exists or not
    if (isStampedOnly(path)) throw ServiceError.forbidden(MEDIA_MESSAGES.stampedOnly);
    if (!(await this.maySign(actor, path))) throw ServiceError.forbidden(MEDIA_MESSAGES.forbidden);
  }

  async maySign(actor: Actor | null, path: ParsedMediaPath): Promise<boolean> {
    const needed = neededFacts(actor, path);
    const facts: AccessFacts = {};
    if (needed === 'question' && actor) {
      if (path.kind === 'question') {
        const need = path.slot === 'questionImage' ? 'inTest' : 'revealed';
        facts.question = await this.questionAccess(actor, path.qid, need);
      }
    } else if (needed === 'workbook' && actor) {
      const pdf = path.kind === 'workbookVideo' ? workbookPdfOfVideo(path.path) : path.path;
      Object.assign(facts, await this.productFacts(actor, (await this.manifestOfPdf(pdf))?.productId ?? null));
    } else if (needed === 'download' && actor) {
      Object.assign(facts, await this.downloadFacts(actor, path.path));
    }
    return mayAccess(actor, path, facts);
  }

  /**
   * testing.media.access, kept per (learner, question) (revealed 5 min, else 5 s). An answer
   * asked for 'inTest' only says nothing sure about `revealed`: it serves only question images.
   */
  async questionAccess(
    actor: Actor,
    qid: string,
    need: MediaAccessNeed,
  ): Promise<{ inTest: boolean; revealed: boolean }> {
    const cached = this.questionFacts.get(actor.uid, qid);
    // an answer not yet revealed may be revealed a moment later (the learner pressed Check):
    // only grants are reused for answer media; the testing service keeps its grants itself
    if (cached && (need === 'inTest' || cached.revealed)) {
      return { inTest: cached.inTest, revealed: cached.revealed };
    }
    const reply = await this.peers.mediaAccess(actor, qid, need);
    const value = { inTest: reply.inTest === true, revealed: reply.revealed === true };
    this.questionFacts.set(actor.uid, qid, { ...value, full: need === 'revealed' });
    return value;
  }

  dropQuestion(qid: string): void {
    this.questionFacts.dropQuestion(qid);
  }

  manifestOfPdf(pdfPath: string): Promise<WorkbookManifest | null> {
    return this.workbooks.byPdfPath(pdfPath);
  }

  /** The product whose download include links `path` (Downloads/...), from the catalogue. */
  async productOfDownload(path: string): Promise<Product | null> {
    const products = await this.peers.products();
    return (
      products.find((p) => includeEntries(p).some((e) => e.kind === 'download' && e.link === path)) ??
      null
    );
  }

  async downloadFacts(actor: Actor, path: string): Promise<ProductFacts> {
    const product = await this.productOfDownload(path);
    return this.productFacts(actor, product?.id ?? null, product ?? undefined);
  }

  /** May `actor` open `productId` (admins: yes; learners: catalog.access.check, free included). */
  async productFacts(actor: Actor, productId: string | null, known?: Product): Promise<ProductFacts> {
    if (!productId) return { productId: null, productKnown: false, productFree: false, product: false };
    const product = known ?? (await this.peers.products()).find((p) => p.id === productId);
    const productFree = product ? isFreeProduct(product) : false;
    const who = actorClass(actor);
    const allowed =
      who === 'admin' ? true : who === 'learner' ? await this.peers.hasAccess(actor, productId) : false;
    return { productId, productKnown: true, productFree, product: allowed };
  }
}
