import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '../config/nats-servers';
import { EventHandlersExplorer } from './event-handlers.explorer';
import { JetStreamBus } from './jetstream.bus';
import { type JetStreamSettings, jetstreamSettings } from './jetstream-settings';
import { waitForStreamLeader } from './stream-leader';

const NATS_EVENTS_CONNECTION = Symbol('NATS_EVENTS_CONNECTION');

@Injectable()
class JetStreamShutdown implements OnApplicationShutdown {
  constructor(@Inject(NATS_EVENTS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown() {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
  }
}

/**
 * Provides a JetStreamBus on its own NATS connection (the Nest transport is core NATS only),
 * and runs the app's `@JetStreamConsumer` and `@EventListener` declarations on it
 * (EventHandlersExplorer).
 */
@Global()
@Module({})
export class JetStreamModule {
  /**
   * `servers`: the app's NATS_URL (one URL or a comma-separated list). `settings` of the streams
   * and consumers it declares: default the environment's (jetstreamSettings: NATS_STREAM_*,
   * NATS_CONSUMER_*; a bad value stops the app here, naming the variable); `replicas` overrides
   * theirs (default NATS_STREAM_REPLICAS: 1, or 3 on a NATS cluster).
   */
  static forRoot(options: {
    servers: string;
    name: string;
    replicas?: number;
    settings?: JetStreamSettings;
  }): DynamicModule {
    const base = options.settings ?? jetstreamSettings();
    const settings =
      options.replicas === undefined ? base : { ...base, replicas: options.replicas };
    return {
      module: JetStreamModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: NATS_EVENTS_CONNECTION,
          useFactory: () =>
            connect({
              servers: natsServers(options.servers),
              name: `${options.name}-events`,
              maxReconnectAttempts: -1,
            }),
        },
        {
          provide: JetStreamBus,
          inject: [NATS_EVENTS_CONNECTION],
          useFactory: async (nc: NatsConnection) => {
            const bus = await JetStreamBus.create(nc, { settings });
            await bus.ensureStreams();
            // a replicated stream just made has no leader for a moment: publish only once it has
            if (settings.replicas > 1) {
              const jsm = await jetstreamManager(nc);
              for (const stream of bus.streamNames) await waitForStreamLeader(jsm, stream);
            }
            return bus;
          },
        },
        JetStreamShutdown,
        EventHandlersExplorer,
      ],
      exports: [JetStreamBus],
    };
  }
}
