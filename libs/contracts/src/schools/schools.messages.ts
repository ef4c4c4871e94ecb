import type { RpcPair } from '../rpc-map';
import { Subjects } from '../subjects';
import type { Envelope, LtiPlatform, LtiPlatformInput, LtiPlatformsAnswer } from '../types';

/** Admins only. */
export type ListPlatformsMessage = Envelope<object>;
export type CreatePlatformMessage = Envelope<{ input: LtiPlatformInput }>;
export type UpdatePlatformMessage = Envelope<{ id: string; input: LtiPlatformInput }>;
export type DeletePlatformMessage = Envelope<{ id: string }>;

/** A JSON Web Key Set (RFC 7517 §5): public keys only. */
export interface JsonWebKeySet {
  keys: Record<string, unknown>[];
}

/**
 * An LTI 1.3 OIDC login initiation (LTI Core 1.3 §5.1.1) as the LMS sent it, by query or form:
 * the gateway passes the strings on, the schools service checks them.
 */
export interface LtiLoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}
export type LtiLoginMessage = Envelope<{ params: LtiLoginParams }>;
export interface LtiLoginAnswer {
  /** The platform's authentication request, where the browser goes next. */
  redirectUrl: string;
  /** Also set as the browser's state cookie: the launch must come back in the same browser. */
  state: string;
}

/** The launch form (id_token, state) and the state cookie the browser sent with it, if any. */
export type LtiLaunchMessage = Envelope<{
  idToken: string;
  state: string;
  cookieState: string | null;
}>;
export interface LtiLaunchAnswer {
  /** The one-time sign-in ticket (the gateway sets it as a cookie for the bridge). */
  ticket: string;
  /** The web app path the launch opens once signed in. */
  target: string;
}

/** LTI Dynamic Registration 1.0 §3.3: the LMS opens our registration URL with these. */
export type LtiRegisterMessage = Envelope<{
  openidConfiguration: string;
  registrationToken: string | null;
}>;
export interface LtiRegisterAnswer {
  platform: LtiPlatform;
}

/** Keycloak's authorization request to the bridge, with the ticket cookie of the browser. */
export type BridgeAuthorizeMessage = Envelope<{
  ticket: string | null;
  clientId: string;
  redirectUri: string;
  nonce: string | null;
}>;
export interface BridgeAuthorizeAnswer {
  code: string;
}
/** Keycloak redeems the code (client_secret_post). */
export type BridgeTokenMessage = Envelope<{
  code: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}>;
export interface BridgeTokenAnswer {
  idToken: string;
  /** Opaque, unused by Keycloak (its identity provider has user info off); OAuth needs one. */
  accessToken: string;
  expiresIn: number;
}

/**
 * Service to service (schools → identity): the account of an LMS user, found or made by `key`
 * (platform id and `sub`; ADR 0040: never by name or email).
 */
export interface LtiAccountInput {
  /** `<platform id>:<sub>`: the account's only key. */
  key: string;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  /** Given to the account only when no other account has it. */
  email: string | null;
  /** The launch makes them teach a course: the realm role `instructor`. */
  instructor: boolean;
}
export type LtiProvisionMessage = Envelope<{ account: LtiAccountInput }>;
export interface LtiProvisionAnswer {
  uid: string;
  /** The Keycloak user was made by this call. */
  created: boolean;
}

export interface SchoolsRpc {
  [Subjects.schools.listPlatforms]: RpcPair<ListPlatformsMessage, LtiPlatformsAnswer>;
  [Subjects.schools.createPlatform]: RpcPair<CreatePlatformMessage, LtiPlatform>;
  [Subjects.schools.updatePlatform]: RpcPair<UpdatePlatformMessage, LtiPlatform>;
  [Subjects.schools.deletePlatform]: RpcPair<DeletePlatformMessage, { deleted: true }>;
  [Subjects.schools.jwks]: RpcPair<Envelope<object>, JsonWebKeySet>;
  [Subjects.schools.login]: RpcPair<LtiLoginMessage, LtiLoginAnswer>;
  [Subjects.schools.launch]: RpcPair<LtiLaunchMessage, LtiLaunchAnswer>;
  [Subjects.schools.register]: RpcPair<LtiRegisterMessage, LtiRegisterAnswer>;
  [Subjects.schools.bridgeAuthorize]: RpcPair<BridgeAuthorizeMessage, BridgeAuthorizeAnswer>;
  [Subjects.schools.bridgeToken]: RpcPair<BridgeTokenMessage, BridgeTokenAnswer>;
  [Subjects.identity.ltiProvision]: RpcPair<LtiProvisionMessage, LtiProvisionAnswer>;
}
