import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  type Actor,
  type MediaAccessNeed,
  type MediaAccessReply,
  type Product,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient, RpcCallError, ServiceError, TtlCache } from '@examprep/nest-kit';
import { MediaEnv } from '../config/media.env';

/** How long the catalogue is kept in memory (it changes only when the seed runs). */
export const CATALOGUE_TTL_MS = 60_000;

/** The calls the media service makes to its peers (what unit specs fake). */
export interface PeerCalls {
  products(): Promise<Product[]>;
  /** catalog.access.check with the learner as actor; an unknown product is false. */
  hasAccess(actor: Actor, productId: string): Promise<boolean>;
  /** testing.media.access with the learner as actor ('inTest': only membership is read). */
  mediaAccess(actor: Actor, qid: string, need: MediaAccessNeed): Promise<MediaAccessReply>;
}

/** A peer's refusal passed on as it is (503/504 included); anything else is thrown as it is. */
export function peerFailure(err: unknown): unknown {
  if (!(err instanceof RpcCallError)) return err;
  return new ServiceError(err.payload);
}

/**
 * The media service's client of the catalog (products, access) and the testing service
 * (question membership), over NATS with PEER_TIMEOUT_MS.
 */
@Injectable()
export class Peers implements PeerCalls, OnModuleInit, OnModuleDestroy {
  private readonly rpc: NatsRpcClient;
  private readonly catalogue = new TtlCache<Product[]>(CATALOGUE_TTL_MS);

  constructor(env: MediaEnv) {
    this.rpc = new NatsRpcClient({
      servers: env.NATS_URL,
      name: 'media-peers',
      timeoutMs: env.PEER_TIMEOUT_MS,
    });
  }

  async onModuleInit(): Promise<void> {
    await this.rpc.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rpc.close();
  }

  products(): Promise<Product[]> {
    return this.catalogue.get(() =>
      this.call(() => this.rpc.request(Subjects.catalog.listProducts, { actor: null })).then(
        (a) => a.products,
      ),
    );
  }

  async hasAccess(actor: Actor, productId: string): Promise<boolean> {
    try {
      const answer = await this.rpc.request(Subjects.catalog.checkAccess, { actor, productId });
      return answer.authorized === true;
    } catch (err) {
      if (err instanceof RpcCallError && err.payload.status === 404) return false;
      throw peerFailure(err);
    }
  }

  mediaAccess(actor: Actor, qid: string, need: MediaAccessNeed): Promise<MediaAccessReply> {
    return this.call(() => this.rpc.request(Subjects.testing.mediaAccess, { actor, qid, need }));
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw peerFailure(err);
    }
  }
}
