import type {
  CreateUserInput,
  DefaultDashboardInput,
  Envelope,
  PasswordResetInput,
} from '../types';

export type CreateUserMessage = Envelope<{ input: CreateUserInput }>;
export type MeMessage = Envelope;
export type AllowSignupMessage = Envelope;
export type SetAllowSignupMessage = Envelope<{ allowSignup: boolean }>;
export type ResendVerificationMessage = Envelope;
export type PasswordResetMessage = Envelope<{ input: PasswordResetInput }>;
export type UpdateDefaultDashboardMessage = Envelope<{ input: DefaultDashboardInput }>;

/** Core NATS notification (not a durable fact): the user document of `uid` changed. */
export interface UserChangedNotice {
  uid: string;
  at: string;
}

export type ListAuthUsersMessage = Envelope;
export type ListAdminUsersMessage = Envelope;
export type DeleteUserMessage = Envelope<{ userId: string }>;
export type DeleteUserDataMessage = Envelope<{ uid: string }>;
export type GenerateTestTokenMessage = Envelope<{ uid: string }>;
