import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type PumpCheckMessage,
  type PumpCheckResult,
  type PumpGenerateMessage,
  type PumpQuestion,
  Subjects,
} from '@examprep/contracts';
import { counted, generationsTotal, RpcPattern } from '@examprep/nest-kit';
import { SimulationsService } from './simulations.service';

/** NATS handlers of the pump simulator (gateway: POST /api/simulations/pump/*). */
@Controller()
export class SimulationsController {
  constructor(private readonly simulations: SimulationsService) {}

  @RpcPattern(Subjects.qbank.pumpGenerate)
  generate(@Payload() { actor, input }: PumpGenerateMessage): Promise<PumpQuestion> {
    return this.simulations
      .generate(actor, input)
      .then(counted(generationsTotal, { kind: 'pump' }));
  }

  @RpcPattern(Subjects.qbank.pumpCheck)
  check(@Payload() { actor, input }: PumpCheckMessage): Promise<PumpCheckResult> {
    return this.simulations.check(actor, input);
  }
}
