import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AdminUsersPageReply,
  type AuthUsersPageReply,
  type DeleteUserDataMessage,
  type DeleteUserMessage,
  type GenerateTestTokenMessage,
  type ListAdminUsersMessage,
  type ListAuthUsersMessage,
  type RefreshUsersMessage,
  Subjects,
  type TestTokenResponse,
  type UserExistsMessage,
  type UserExistsReply,
  type UsersRefreshReport,
} from '@examprep/contracts';
import { RpcPattern } from '@examprep/nest-kit';
import { AdminUsersService } from './admin-users.service';

@Controller()
export class AdminUsersController {
  constructor(private readonly admin: AdminUsersService) {}

  @RpcPattern(Subjects.identity.listAuthUsers)
  listAuthUsers(@Payload() { actor, page }: ListAuthUsersMessage): Promise<AuthUsersPageReply> {
    return this.admin.listAuthUsers(actor, page);
  }

  @RpcPattern(Subjects.identity.listUsers)
  listUsers(
    @Payload() { actor, filters, page }: ListAdminUsersMessage,
  ): Promise<AdminUsersPageReply> {
    return this.admin.listUsers(actor, filters, page);
  }

  @RpcPattern(Subjects.identity.refreshUsers)
  refreshUsers(@Payload() { actor }: RefreshUsersMessage): Promise<UsersRefreshReport> {
    return this.admin.refreshUsers(actor);
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
