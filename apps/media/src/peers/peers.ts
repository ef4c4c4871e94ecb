import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type MediaAccessNeed,
  type MediaAccessReply,
  type Product,
  Subjects,
} from '@examprep/contracts';
import { PeerClient, peerFailure, ServiceError } from '@examprep/nest-kit';
import { MediaEnv } from '../config/media.env';

/** The calls the media service makes to its peers (what unit specs fake). */
export interface PeerCalls {
  products(): Promise<Product[]>;
  /** catalog.access.check with the learner as actor; an unknown product is false. */
  hasAccess(actor: Actor, productId: string): Promise<boolean>;
  /** testing.media.access with the learner as actor ('inTest': only membership is read). */
  mediaAccess(actor: Actor, qid: string, need: MediaAccessNeed): Promise<MediaAccessReply>;
}

/** A peer's refusal passed on as it is (503/504 included); anything else is thrown as it is. */
export const mediaPeerFailure = peerFailure();

/**
 * The media service's client of the catalog (products, access: PeerClient) and the testing
 * service (question membership), over NATS with PEER_TIMEOUT_MS.
 */
@Injectable()
export class Peers extends PeerClient implements PeerCalls {
  constructor(env: MediaEnv) {
    super({
      servers: env.NATS_URL,
      name: 'media-peers',
      timeoutMs: env.PEER_TIMEOUT_MS,
      failure: mediaPeerFailure,
    });
  }

  /** An unknown product is no access (a download or workbook of a product the catalog lost). */
  override async hasAccess(actor: Actor, productId: string): Promise<boolean> {
    try {
      return await super.hasAccess(actor, productId);
    } catch (err) {
      if (err instanceof ServiceError && err.payload.status === 404) return false;
      throw err;
    }
  }

  mediaAccess(actor: Actor, qid: string, need: MediaAccessNeed): Promise<MediaAccessReply> {
    return this.call(() => this.rpc.request(Subjects.testing.mediaAccess, { actor, qid, need }));
  }
}
