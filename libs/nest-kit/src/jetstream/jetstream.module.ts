import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { connect, type NatsConnection } from 'nats';
import { EventHandlersExplorer } from './event-handlers.explorer';
import { JetStreamBus } from './jetstream.bus';

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
  static forRoot(options: { servers: string; name: string }): DynamicModule {
    return {
      module: JetStreamModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: NATS_EVENTS_CONNECTION,
          useFactory: () =>
            connect({
              servers: options.servers,
              name: `${options.name}-events`,
              maxReconnectAttempts: -1,
            }),
        },
        {
          provide: JetStreamBus,
          inject: [NATS_EVENTS_CONNECTION],
          useFactory: async (nc: NatsConnection) => {
            const bus = await JetStreamBus.create(nc);
            await bus.ensureStream();
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
