import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects, type ServiceName } from '@examprep/contracts';

export interface RpcHealthReply {
  service: ServiceName;
  status: 'ok';
  uptimeSeconds: number;
}

/** Answers `<service>.health` so the gateway's /readyz can see that a replica is up. */
export function createRpcHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class RpcHealthController {
    @MessagePattern(Subjects.health(service))
    health(): RpcHealthReply {
      return { service, status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    }
  }
  return RpcHealthController;
}
