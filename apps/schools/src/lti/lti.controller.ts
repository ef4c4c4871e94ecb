import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type BridgeAuthorizeAnswer,
  type BridgeAuthorizeMessage,
  type BridgeTokenAnswer,
  type BridgeTokenMessage,
  type CreatePlatformMessage,
  type DeletePlatformMessage,
  type JsonWebKeySet,
  type ListPlatformsMessage,
  type LtiLaunchAnswer,
  type LtiLaunchMessage,
  type LtiLoginAnswer,
  type LtiLoginMessage,
  type LtiPlatform,
  type LtiPlatformsAnswer,
  Subjects,
  type UpdatePlatformMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { LaunchService } from './launch.service';
import { PlatformsService } from './platforms.service';
import { ToolKeys } from './tool-keys.service';

/** NATS handlers: unwrap the envelope, let the services decide. */
@Controller()
export class LtiController {
  constructor(
    private readonly platforms: PlatformsService,
    private readonly launches: LaunchService,
    private readonly keys: ToolKeys,
  ) {}

  @RpcPattern(Subjects.schools.listPlatforms)
  list(@Payload() { actor }: ListPlatformsMessage): Promise<LtiPlatformsAnswer> {
    return this.platforms.list(actor);
  }

  @RpcPattern(Subjects.schools.createPlatform)
  create(@Payload() { actor, input }: CreatePlatformMessage): Promise<LtiPlatform> {
    return this.platforms.create(actor, input);
  }

  @RpcPattern(Subjects.schools.updatePlatform)
  update(@Payload() { actor, id, input }: UpdatePlatformMessage): Promise<LtiPlatform> {
    return this.platforms.update(actor, id, input);
  }

  @RpcPattern(Subjects.schools.deletePlatform)
  delete(@Payload() { actor, id }: DeletePlatformMessage): Promise<{ deleted: true }> {
    return this.platforms.delete(actor, id);
  }

  @RpcPattern(Subjects.schools.jwks)
  jwks(): Promise<JsonWebKeySet> {
    return this.keys.jwks();
  }

  @RpcPattern(Subjects.schools.login)
  login(@Payload() { params }: LtiLoginMessage): Promise<LtiLoginAnswer> {
    return this.launches.login(params ?? {});
  }

  @RpcPattern(Subjects.schools.launch)
  launch(@Payload() { idToken, state, cookieState }: LtiLaunchMessage): Promise<LtiLaunchAnswer> {
    return this.launches.launch({ idToken, state, cookieState });
  }

  @RpcPattern(Subjects.schools.bridgeAuthorize)
  bridgeAuthorize(@Payload() message: BridgeAuthorizeMessage): Promise<BridgeAuthorizeAnswer> {
    return this.launches.bridgeAuthorize(message);
  }

  @RpcPattern(Subjects.schools.bridgeToken)
  bridgeToken(@Payload() message: BridgeTokenMessage): Promise<BridgeTokenAnswer> {
    return this.launches.bridgeToken(message);
  }
}
