import type { CreateUserInput, DefaultDashboardInput, Envelope } from '../types';

export type CreateUserMessage = Envelope<{ input: CreateUserInput }>;
export type MeMessage = Envelope;
export type AllowSignupMessage = Envelope;
export type UpdateDefaultDashboardMessage = Envelope<{ input: DefaultDashboardInput }>;

/** Core NATS notification (not a durable fact): the user document of `uid` changed. */
export interface UserChangedNotice {
  uid: string;
  at: string;
}
