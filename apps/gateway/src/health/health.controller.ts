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

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks = {
      nats: () => this.rpc.isConnected,
      ...Object.fromEntries(
        this.env.DOWNSTREAM_SERVICES.map((service) => [
          service,
          async () =>
            (
              await this.rpc.request<{ status: string }>(
                Subjects.health(service),
                {},
                { timeoutMs: 1_500 },
              )
            ).status === 'ok',
        ]),
      ),
    };
    const report = await runChecks(checks);
    reply.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
