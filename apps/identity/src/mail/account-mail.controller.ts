import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type PasswordResetAnswer,
  type PasswordResetMessage,
  type ResendVerificationMessage,
  Subjects,
  type VerificationMailAnswer,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { AccountMailService } from './account-mail.service';

@Controller()
export class AccountMailController {
  constructor(private readonly mail: AccountMailService) {}

  @RpcPattern(Subjects.identity.resendVerification)
  resendVerification(
    @Payload() { actor }: ResendVerificationMessage,
  ): Promise<VerificationMailAnswer> {
    return this.mail.resendVerification(actor);
  }

  @RpcPattern(Subjects.identity.passwordReset)
  passwordReset(@Payload() { input }: PasswordResetMessage): Promise<PasswordResetAnswer> {
    return this.mail.passwordReset(input);
  }
}
