import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
import { SettingsService } from '../settings/settings.service';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  @MessagePattern(Subjects.identity.createUser)
  createUser(@Payload() { actor, input }: CreateUserMessage): Promise<UserDocument> {
    return this.users.createUser(actor, input);
  }

  @MessagePattern(Subjects.identity.me)
  me(@Payload() { actor }: MeMessage): Promise<Me> {
    return this.users.me(actor);
  }

  @MessagePattern(Subjects.identity.updateDefaultDashboard)
  updateDefaultDashboard(@Payload() { actor, input }: UpdateDefaultDashboardMessage): Promise<Me> {
    return this.users.updateDefaultDashboard(actor, input);
  }

  @MessagePattern(Subjects.identity.allowSignup)
  allowSignup(@Payload() _: AllowSignupMessage): Promise<SignupStatus> {
    return this.settings.signupStatus();
  }

  @MessagePattern(Subjects.identity.setAllowSignup)
  setAllowSignup(@Payload() { actor, allowSignup }: SetAllowSignupMessage): Promise<SignupStatus> {
    return this.settings.setAllowSignup(actor, allowSignup);
  }
}
