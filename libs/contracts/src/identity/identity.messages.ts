import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  AdminUserFilters,
  AdminUsersPage,
  PageRequest,
  UsersRefreshReport,
  AuthUser,
  CreateUserInput,
  DefaultDashboardInput,
  Envelope,
  Me,
  PasswordResetAnswer,
  PasswordResetInput,
  SignupStatus,
  TestTokenResponse,
  UserDeletedEvent,
  UserDocument,
  VerificationMailAnswer,
} from '../types';

export type CreateUserMessage = Envelope<{ input: CreateUserInput }>;
export type MeMessage = Envelope;
export type AllowSignupMessage = Envelope;
export type SetAllowSignupMessage = Envelope<{ allowSignup: boolean }>;
export type ResendVerificationMessage = Envelope;
export type PasswordResetMessage = Envelope<{ input: PasswordResetInput }>;
export type UpdateDefaultDashboardMessage = Envelope<{ input: DefaultDashboardInput }>;

/** A page of the accounts (ADR 0026). */
export type ListAuthUsersMessage = Envelope<{ page?: PageRequest }>;
/** A page of the user directory under the filters (ADR 0026; issue 26). */
export type ListAdminUsersMessage = Envelope<{ filters?: AdminUserFilters; page?: PageRequest }>;
/** One page of the directory and the cursor after it; the counts as in AdminUsersPage. */
export interface AdminUsersPageReply extends AdminUsersPage {
  next: string | null;
}
/** Rebuild the user directory from its sources now (the list's Refresh). */
export type RefreshUsersMessage = Envelope;

/** A page of accounts and the cursor after it. */
export interface AuthUsersPageReply {
  users: AuthUser[];
  next: string | null;
}
export type DeleteUserMessage = Envelope<{ userId: string }>;
export type DeleteUserDataMessage = Envelope<{ uid: string }>;
export type GenerateTestTokenMessage = Envelope<{ uid: string }>;
export type UserExistsMessage = Envelope<{ uid: string }>;
/** A user the identity provider knows (`inAuth`) or with a user document (`inDatabase`). */
export interface UserExistsReply {
  exists: boolean;
  inAuth: boolean;
  inDatabase: boolean;
}

/** The identity part of RpcMap (the contact challenge is in CaptchaRpc). */
export interface IdentityRpc {
  [Subjects.identity.createUser]: RpcPair<CreateUserMessage, UserDocument>;
  [Subjects.identity.me]: RpcPair<MeMessage, Me>;
  [Subjects.identity.allowSignup]: RpcPair<AllowSignupMessage, SignupStatus>;
  [Subjects.identity.setAllowSignup]: RpcPair<SetAllowSignupMessage, SignupStatus>;
  [Subjects.identity.updateDefaultDashboard]: RpcPair<UpdateDefaultDashboardMessage, Me>;
  [Subjects.identity.resendVerification]: RpcPair<
    ResendVerificationMessage,
    VerificationMailAnswer
  >;
  [Subjects.identity.passwordReset]: RpcPair<PasswordResetMessage, PasswordResetAnswer>;
  [Subjects.identity.listAuthUsers]: RpcPair<ListAuthUsersMessage, AuthUsersPageReply>;
  [Subjects.identity.listUsers]: RpcPair<ListAdminUsersMessage, AdminUsersPageReply>;
  [Subjects.identity.refreshUsers]: RpcPair<RefreshUsersMessage, UsersRefreshReport>;
  [Subjects.identity.deleteUser]: RpcPair<DeleteUserMessage, { deleted: true }>;
  [Subjects.identity.deleteUserData]: RpcPair<DeleteUserDataMessage, { deleted: true }>;
  [Subjects.identity.generateTestToken]: RpcPair<GenerateTestTokenMessage, TestTokenResponse>;
  [Subjects.identity.userExists]: RpcPair<UserExistsMessage, UserExistsReply>;
}

/** The identity part of EventMap. */
export interface IdentityEvents {
  [Events.userDeleted]: UserDeletedEvent;
}
