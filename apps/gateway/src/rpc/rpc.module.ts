import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { NatsRpcClient } from '@examprep/nest-kit';
import { GatewayEnv } from '../config/gateway.env';

@Injectable()
class RpcShutdown implements OnApplicationShutdown {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}
  async onApplicationShutdown() {
    await this.rpc.close();
  }
}

/** The gateway's one connection to the services, with a time-out on every call. */
@Global()
@Module({
  providers: [
    {
      provide: NatsRpcClient,
      inject: [GatewayEnv],
      useFactory: async (env: GatewayEnv) => {
        const client = new NatsRpcClient({
          servers: env.NATS_URL,
          name: 'gateway',
          timeoutMs: env.RPC_TIMEOUT_MS,
        });
        await client.connect();
        return client;
      },
    },
    RpcShutdown,
  ],
  exports: [NatsRpcClient],
})
export class RpcModule {}
