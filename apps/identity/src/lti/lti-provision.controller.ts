import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type LtiProvisionAnswer, type LtiProvisionMessage, Subjects } from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { LtiProvisionService } from './lti-provision.service';

/**
 * Service to service: the schools service asks for the account of a launch's LMS user. No
 * actor (it sends null); the gateway never sends this subject, so nothing from a browser
 * reaches it.
 */
@Controller()
export class LtiProvisionController {
  constructor(private readonly lti: LtiProvisionService) {}

  @RpcPattern(Subjects.identity.ltiProvision)
  provision(@Payload() { account }: LtiProvisionMessage): Promise<LtiProvisionAnswer> {
    return this.lti.provision(account);
  }
}
