import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AdminUserRow,
  type AuthUser,
  type DeleteUserDataMessage,
  type DeleteUserMessage,
  type GenerateTestTokenMessage,
  type ListAdminUsersMessage,
  type ListAuthUsersMessage,
  Subjects,
  type TestTokenResponse,
  type UserExistsMessage,
  type UserExistsReply,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { AdminUsersService } from './admin-users.service';

@Controller()
export class AdminUsersController {
  constructor(private readonly admin: AdminUsersService) {}

  @RpcPattern(Subjects.identity.listAuthUsers)
  listAuthUsers(@Payload() { actor }: ListAuthUsersMessage): Promise<AuthUser[]> {
    return this.admin.listAuthUsers(actor);
  }

  @RpcPattern(Subjects.identity.listUsers)
  listUsers(@Payload() { actor }: ListAdminUsersMessage): Promise<AdminUserRow[]> {
    return this.admin.listUsers(actor);
  }

  @RpcPattern(Subjects.identity.deleteUser)
  deleteUser(@Payload() { actor, userId }: DeleteUserMessage): Promise<{ deleted: true }> {
    return this.admin.deleteUser(actor, userId);
  }

  @RpcPattern(Subjects.identity.generateTestToken)
  generateTestToken(
    @Payload() { actor, uid }: GenerateTestTokenMessage,
  ): Promise<TestTokenResponse> {
    return this.admin.generateTestToken(actor, uid);
  }

  @RpcPattern(Subjects.identity.deleteUserData)
  deleteUserData(@Payload() { actor, uid }: DeleteUserDataMessage): Promise<{ deleted: true }> {
    return this.admin.deleteUserData(actor, uid);
  }

  @RpcPattern(Subjects.identity.userExists)
  userExists(@Payload() { actor, uid }: UserExistsMessage): Promise<UserExistsReply> {
    return this.admin.userExists(actor, uid);
  }
}
