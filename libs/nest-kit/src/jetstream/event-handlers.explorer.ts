import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { rootLogger } from '../logging/logger';
import {
  consumersOf,
  type ConsumedMessageMeta,
  type EventListenerDeclaration,
  type JetStreamConsumerDeclaration,
  listenersOf,
} from './event-handlers';
import { JetStreamBus, type RunningConsumer } from './jetstream.bus';

/** One declared handler, bound to the provider that declares it. */
interface Found<D> {
  declaration: D;
  /** `Class.method`, for logs and errors. */
  name: string;
  call: (data: unknown, meta?: ConsumedMessageMeta) => Promise<void> | void;
}

/**
 * Starts every `@JetStreamConsumer` and `@EventListener` of the app's providers and controllers
 * (found with Nest's DiscoveryService, as @nestjs/schedule finds its jobs) once the app has
 * bootstrapped, each once, and stops them all on shutdown. Provided by JetStreamModule, so an
 * app that has the bus has its declarations running.
 *
 * Start: listeners first (and flushed, so the server has their subscriptions), then the
 * consumers one after another; a durable name declared twice is refused, and a consumer that
 * cannot start stops the ones started and fails the app's start (exit 1 with the reason).
 * Stop (onModuleDestroy: the global module's hook runs before the services' own, so their
 * queues and the database are still there): every message iterator is closed, every
 * subscription ended, and the handlers in flight are awaited.
 */
@Injectable()
export class EventHandlersExplorer implements OnApplicationBootstrap, OnModuleDestroy {
  private running: RunningConsumer[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly bus: JetStreamBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { consumers, listeners } = this.explore();
    const log = rootLogger();
    try {
      for (const l of listeners) {
        this.running.push(this.bus.listen(l.declaration.subject, (data) => l.call(data)));
      }
      if (listeners.length > 0) await this.bus.flush();
      for (const c of consumers) {
        this.running.push(
          await this.bus.consume({
            ...c.declaration,
            handler: async (data, meta) => c.call(data, meta),
          }),
        );
      }
    } catch (err) {
      await this.stop();
      throw err;
    }
    log.info(
      {
        consumers: consumers.map((c) => `${c.declaration.durable} ${c.name}`),
        listeners: listeners.map((l) => `${l.declaration.subject} ${l.name}`),
      },
      'event handlers started',
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Every declaration of the app, each provider instance once. */
  explore(): {
    consumers: Found<JetStreamConsumerDeclaration>[];
    listeners: Found<EventListenerDeclaration>[];
  } {
    const consumers: Found<JetStreamConsumerDeclaration>[] = [];
    const listeners: Found<EventListenerDeclaration>[] = [];
    const seen = new Set<object>();
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance: unknown = wrapper.instance;
      // request-scoped providers have no one instance to run a consumer on
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      if (seen.has(instance)) continue;
      seen.add(instance);
      const prototype: object | null = Object.getPrototypeOf(instance);
      if (!prototype) continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn: unknown = Reflect.get(instance, method);
        if (typeof fn !== 'function') continue;
        const name = `${instance.constructor.name}.${method}`;
        const call = (data: unknown, meta?: ConsumedMessageMeta) =>
          (fn as (d: unknown, m?: ConsumedMessageMeta) => Promise<void> | void).call(
            instance,
            data,
            meta,
          );
        for (const declaration of consumersOf(fn)) consumers.push({ declaration, name, call });
        for (const declaration of listenersOf(fn)) listeners.push({ declaration, name, call });
      }
    }
    const durables = new Map<string, string>();
    for (const c of consumers) {
      const other = durables.get(c.declaration.durable);
      if (other) {
        throw new Error(
          `durable consumer '${c.declaration.durable}' is declared twice (${other}, ${c.name}): each needs its own name`,
        );
      }
      durables.set(c.declaration.durable, c.name);
    }
    return { consumers, listeners };
  }

  private async stop(): Promise<void> {
    const running = this.running;
    this.running = [];
    const results = await Promise.allSettled(running.map((r) => r.stop()));
    for (const r of results) {
      if (r.status === 'rejected')
        rootLogger().warn({ err: r.reason }, 'an event handler did not stop cleanly');
    }
  }
}
