import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AllowSignupMessage,
  type CreateUserMessage,
  type Me,
  type MeMessage,
  type SetAllowSignupMessage,
  type SignupStatus,
  Subjects,
  type UpdateDefaultDashboardMessage,
  type UserDocument,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  @RpcPattern(Subjects.identity.createUser)
  createUser(@Payload() { actor, input }: CreateUserMessage): Promise<UserDocument> {
    return this.users.createUser(actor, input);
  }

  @RpcPattern(Subjects.identity.me)
  me(@Payload() { actor }: MeMessage): Promise<Me> {
    return this.users.me(actor);
  }

  @RpcPattern(Subjects.identity.updateDefaultDashboard)
  updateDefaultDashboard(@Payload() { actor, input }: UpdateDefaultDashboardMessage): Promise<Me> {
    return this.users.updateDefaultDashboard(actor, input);
  }

  @RpcPattern(Subjects.identity.allowSignup)
  allowSignup(@Payload() _: AllowSignupMessage): Promise<SignupStatus> {
    return this.settings.signupStatus();
  }

  @RpcPattern(Subjects.identity.setAllowSignup)
  setAllowSignup(@Payload() { actor, allowSignup }: SetAllowSignupMessage): Promise<SignupStatus> {
    return this.settings.setAllowSignup(actor, allowSignup);
  }
}
