import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Subjects } from '@examprep/contracts';
import { NatsRpcClient, runChecks } from '@examprep/nest-kit';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators';
import { GatewayEnv } from '../config/gateway.env';

/** Liveness and readiness for Kubernetes probes; readiness asks NATS and each downstream service. */
@ApiExcludeController()
@SkipThrottle()
@Public()
@Controller()
export class HealthController {
  constructor(
    @Inject(NatsRpcClient) private readonly rpc: NatsRpcClient,
    private readonly env: GatewayEnv,
  ) {}

  @Get('healthz')
  live() {
    return { status: 'ok' };
  }

  /**
   * Ready while NATS is connected: then every route can at least answer (503 for a service that
   * is down). Downstream services are reported, not required — one service down must not take
   * every gateway replica out of the load balancer. Status 'degraded' names who is missing.
   */
  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const nats = this.rpc.isConnected;
    const downstream = await runChecks(
      Object.fromEntries(
        this.env.DOWNSTREAM_SERVICES.map((service) => [
          service,
          async () => {
            const answer = await this.rpc.request(
              Subjects.health(service),
              {},
              { timeoutMs: 1_500 },
            );
            return answer.status === 'ok';
          },
        ]),
      ),
    );
    const status = !nats ? 'unavailable' : downstream.status === 'ok' ? 'ok' : 'degraded';
    reply.status(nats ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status, checks: { nats }, downstream: downstream.checks };
  }
}
