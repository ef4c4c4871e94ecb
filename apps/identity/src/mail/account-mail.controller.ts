import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type PasswordResetAnswer,
  type PasswordResetMessage,
  type ResendVerificationMessage,
  Subjects,
  type VerificationMailAnswer,
} from '@examprep/contracts';
import { AccountMailService } from './account-mail.service';

@Controller()
export class AccountMailController {
  constructor(private readonly mail: AccountMailService) {}

  @MessagePattern(Subjects.identity.resendVerification)
  resendVerification(
    @Payload() { actor }: ResendVerificationMessage,
  ): Promise<VerificationMailAnswer> {
    return this.mail.resendVerification(actor);
  }

  @MessagePattern(Subjects.identity.passwordReset)
  passwordReset(@Payload() { input }: PasswordResetMessage): Promise<PasswordResetAnswer> {
    return this.mail.passwordReset(input);
  }
}
