import { Controller, type Type } from '@nestjs/common';
import { Subjects, type RpcHealthReply, type ServiceName } from '@examprep/contracts';
import { RpcPattern } from '../rpc/rpc-pattern';

export type { RpcHealthReply } from '@examprep/contracts';

/** Answers `<service>.health` so the gateway's /readyz can see that a replica is up. */
export function createRpcHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class RpcHealthController {
    @RpcPattern(Subjects.health(service))
    health(): RpcHealthReply {
      return { service, status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    }
  }
  return RpcHealthController;
}
