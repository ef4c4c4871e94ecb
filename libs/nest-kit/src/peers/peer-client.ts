import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { type Actor, type Product, Subjects } from '@examprep/contracts';
import { TtlCache } from '../concurrency/ttl-cache';
import { NatsRpcClient } from '../rpc/nats-rpc.client';

/** How long a service keeps the catalogue in memory (it changes only when the seed runs). */
export const CATALOGUE_TTL_MS = 60_000;

export interface PeerClientOptions {
  servers: string;
  /** The NATS connection's name, e.g. 'media-peers'. */
  name: string;
  /** The service's PEER_TIMEOUT_MS: below the gateway's RPC time-out. */
  timeoutMs: number;
  /** A peer's failure as this service answers it (thrown as returned). */
  failure: (err: unknown) => unknown;
  catalogueTtlMs?: number;
}

/**
 * A service's own NATS client of its peers: connected when its module starts, drained when it
 * stops, every call bounded by PEER_TIMEOUT_MS and its failures mapped by the service. Carries
 * the catalog calls several services make (the catalogue, cached; the access check); a
 * service's Peers class extends it with its own calls through `call`.
 */
export abstract class PeerClient implements OnModuleInit, OnModuleDestroy {
  protected readonly rpc: NatsRpcClient;
  private readonly catalogue: TtlCache<Product[]>;
  private readonly failure: (err: unknown) => unknown;

  protected constructor(options: PeerClientOptions) {
    this.rpc = new NatsRpcClient({
      servers: options.servers,
      name: options.name,
      timeoutMs: options.timeoutMs,
    });
    this.catalogue = new TtlCache<Product[]>(options.catalogueTtlMs ?? CATALOGUE_TTL_MS);
    this.failure = options.failure;
  }

  async onModuleInit(): Promise<void> {
    await this.rpc.connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.rpc.close();
  }

  /** catalog.products.list, kept CATALOGUE_TTL_MS. */
  products(): Promise<Product[]> {
    return this.catalogue.get(() =>
      this.call(() => this.rpc.request(Subjects.catalog.listProducts, { actor: null })).then(
        (a) => a.products,
      ),
    );
  }

  /** catalog.access.check with the learner as actor. */
  async hasAccess(actor: Actor, productId: string): Promise<boolean> {
    const answer = await this.call(() =>
      this.rpc.request(Subjects.catalog.checkAccess, { actor, productId }),
    );
    return answer.authorized === true;
  }

  protected async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw this.failure(err);
    }
  }
}
