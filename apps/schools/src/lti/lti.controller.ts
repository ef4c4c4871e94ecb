import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type BridgeAuthorizeAnswer,
  type BridgeAuthorizeMessage,
  type BridgeTokenAnswer,
  type BridgeTokenMessage,
  type ClassGradebook,
  type ClassItemsAnswer,
  type ClassMessage,
  type CreateLicenceMessage,
  type InstructorClassesAnswer,
  type InstructorClassesMessage,
  type CreatePlatformMessage,
  type Licence,
  type LicenceSeatsAnswer,
  type LicenceSeatsMessage,
  type LicencesAnswer,
  type ListLicencesMessage,
  type ReleaseSeatMessage,
  type UpdateLicenceMessage,
  type DeepLinkRequestView,
  type DeepLinkResponseAnswer,
  type GetAssignmentMessage,
  type GetDeepLinkMessage,
  type LtiAssignmentView,
  type RespondDeepLinkMessage,
  type SendDeepLinkAnswer,
  type SendDeepLinkMessage,
  type StartAssignmentAnswer,
  type StartAssignmentMessage,
  type DeletePlatformMessage,
  type JsonWebKeySet,
  type ListPlatformsMessage,
  type LtiLaunchAnswer,
  type LtiLaunchMessage,
  type LtiLoginAnswer,
  type LtiLoginMessage,
  type LtiPlatform,
  type LtiRegisterAnswer,
  type LtiRegisterMessage,
  type LtiPlatformsAnswer,
  Subjects,
  type UpdatePlatformMessage,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { InstructorService } from '../instructor/instructor.service';
import { LicencesService } from '../licences/licences.service';
import { AssignmentsService } from './assignments.service';
import { DeepLinkService } from './deep-link.service';
import { LaunchService } from './launch.service';
import { PlatformsService } from './platforms.service';
import { RegistrationService } from './registration.service';
import { ToolKeys } from './tool-keys.service';

/** NATS handlers: unwrap the envelope, let the services decide. */
@Controller()
export class LtiController {
  constructor(
    private readonly platforms: PlatformsService,
    private readonly launches: LaunchService,
    private readonly keys: ToolKeys,
    private readonly deepLinks: DeepLinkService,
    private readonly assignments: AssignmentsService,
    private readonly licencesService: LicencesService,
    private readonly instructor: InstructorService,
    private readonly registrations: RegistrationService,
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

  @RpcPattern(Subjects.schools.register)
  register(@Payload() message: LtiRegisterMessage): Promise<LtiRegisterAnswer> {
    return this.registrations.register(message);
  }

  @RpcPattern(Subjects.schools.bridgeAuthorize)
  bridgeAuthorize(@Payload() message: BridgeAuthorizeMessage): Promise<BridgeAuthorizeAnswer> {
    return this.launches.bridgeAuthorize(message);
  }

  @RpcPattern(Subjects.schools.getDeepLink)
  deepLink(@Payload() { actor, id }: GetDeepLinkMessage): Promise<DeepLinkRequestView> {
    return this.deepLinks.get(actor, id);
  }

  @RpcPattern(Subjects.schools.respondDeepLink)
  respond(
    @Payload() { actor, id, input }: RespondDeepLinkMessage,
  ): Promise<DeepLinkResponseAnswer> {
    return this.deepLinks.respond(actor, id, input);
  }

  @RpcPattern(Subjects.schools.sendDeepLink)
  sendDeepLink(@Payload() { token }: SendDeepLinkMessage): Promise<SendDeepLinkAnswer> {
    return this.deepLinks.send(token);
  }

  @RpcPattern(Subjects.schools.getAssignment)
  assignment(@Payload() { actor, linkKey }: GetAssignmentMessage): Promise<LtiAssignmentView> {
    return this.assignments.get(actor, linkKey);
  }

  @RpcPattern(Subjects.schools.startAssignment)
  start(@Payload() { actor, linkKey }: StartAssignmentMessage): Promise<StartAssignmentAnswer> {
    return this.assignments.start(actor, linkKey);
  }

  @RpcPattern(Subjects.schools.listLicences)
  licences(@Payload() { actor, platformId }: ListLicencesMessage): Promise<LicencesAnswer> {
    return this.licencesService.list(actor, platformId);
  }

  @RpcPattern(Subjects.schools.createLicence)
  createLicence(@Payload() { actor, input }: CreateLicenceMessage): Promise<Licence> {
    return this.licencesService.create(actor, input);
  }

  @RpcPattern(Subjects.schools.updateLicence)
  updateLicence(@Payload() { actor, id, input }: UpdateLicenceMessage): Promise<Licence> {
    return this.licencesService.update(actor, id, input);
  }

  @RpcPattern(Subjects.schools.licenceSeats)
  seats(@Payload() { actor, id }: LicenceSeatsMessage): Promise<LicenceSeatsAnswer> {
    return this.licencesService.seats(actor, id);
  }

  @RpcPattern(Subjects.schools.releaseSeat)
  releaseSeat(@Payload() { actor, id, uid }: ReleaseSeatMessage): Promise<{ released: true }> {
    return this.licencesService.releaseSeat(actor, id, uid);
  }

  @RpcPattern(Subjects.schools.instructorClasses)
  classes(@Payload() { actor }: InstructorClassesMessage): Promise<InstructorClassesAnswer> {
    return this.instructor.classes(actor);
  }

  @RpcPattern(Subjects.schools.classGradebook)
  classGradebook(@Payload() { actor, contextKey }: ClassMessage): Promise<ClassGradebook> {
    return this.instructor.gradebook(actor, contextKey);
  }

  @RpcPattern(Subjects.schools.classItems)
  classItems(@Payload() { actor, contextKey }: ClassMessage): Promise<ClassItemsAnswer> {
    return this.instructor.classItems(actor, contextKey);
  }

  @RpcPattern(Subjects.schools.bridgeToken)
  bridgeToken(@Payload() message: BridgeTokenMessage): Promise<BridgeTokenAnswer> {
    return this.launches.bridgeToken(message);
  }
}
