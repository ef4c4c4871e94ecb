import type { RpcPair } from '../rpc-map';
import { Events, Subjects } from '../subjects';
import type {
  CreateTestAnswer,
  CreateTestInput,
  DeepLinkRequestView,
  DeepLinkResponseAnswer,
  DeepLinkResponseInput,
  Envelope,
  ClassGradebook,
  ClassItemsAnswer,
  ClassLearnerReadiness,
  InstructorClassesAnswer,
  Licence,
  LicenceInput,
  LicenceSeatsAnswer,
  LicencesAnswer,
  LtiAssignmentView,
  LtiPlatform,
  LtiPlatformInput,
  LtiPlatformsAnswer,
  TestMode,
} from '../types';

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

/** The instructor's own deep linking request (the actor must be the launch's user). */
export type GetDeepLinkMessage = Envelope<{ id: string }>;
export type RespondDeepLinkMessage = Envelope<{ id: string; input: DeepLinkResponseInput }>;
/** No actor: the one-time token is the key. */
export type SendDeepLinkMessage = Envelope<{ token: string }>;
export interface SendDeepLinkAnswer {
  /** The LMS's deep linking return URL. */
  returnUrl: string;
  /** The signed LtiDeepLinkingResponse. */
  jwt: string;
}

/** The learner's own assignment (they launched it). `linkKey`: `<platform id>:<resource link id>`. */
export type GetAssignmentMessage = Envelope<{ linkKey: string }>;
export type StartAssignmentMessage = Envelope<{ linkKey: string }>;
export interface StartAssignmentAnswer {
  testId: string;
  mode: TestMode;
  /** false: the learner's unfinished test of this assignment, resumed. */
  created: boolean;
}

/** Service to service (schools → testing): a test of an assignment, for the actor. */
export type CreateLinkedTestMessage = Envelope<{ input: CreateTestInput; linkKey: string }>;
/** Service to service (schools → testing): the actor's tests of an assignment, newest first. */
export type LinkedTestsMessage = Envelope<{ linkKey: string }>;
export interface LinkedTest {
  testId: string;
  mode: TestMode;
  completed: boolean;
  finalScore: number | null;
  createdAt: string;
  submittedAt: string | null;
}

/** Admins only: seat licences. */
export type ListLicencesMessage = Envelope<{ platformId?: string }>;
export type CreateLicenceMessage = Envelope<{ input: LicenceInput }>;
export type UpdateLicenceMessage = Envelope<{ id: string; input: LicenceInput }>;
export type LicenceSeatsMessage = Envelope<{ id: string }>;
export type ReleaseSeatMessage = Envelope<{ id: string; uid: string }>;

/** A licence's id (the schools service makes UUIDs): letters, digits, '-' and '_'. */
export const LICENCE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A seat taken or freed (events.licence.seatTaken / seatReleased). `seat` counts the learner's
 * seats of this licence (1 the first time; again after a release, 2...), so the ledger's keys of
 * one holding never meet another's.
 */
export interface LicenceSeatEvent {
  licenceId: string;
  uid: string;
  seat: number;
  productIds: string[];
  /** ISO 8601 */
  at: string;
}

export interface SchoolsEvents {
  [Events.licenceSeatTaken]: LicenceSeatEvent;
  [Events.licenceSeatReleased]: LicenceSeatEvent;
}

/** Instructors only: the actor's classes, one class's gradebook and item analysis. */
export type InstructorClassesMessage = Envelope<object>;
export type ClassMessage = Envelope<{ contextKey: string }>;

/** Service to service (schools → testing): what the class view shows of each learner. */
export type ClassReportMessage = Envelope<{ uids: string[] }>;
export interface ClassReportLearner {
  uid: string;
  testsSubmitted: number;
  averageScore: number | null;
  lastScore: number | null;
  lastSubmittedAt: string | null;
  teas: ClassLearnerReadiness | null;
}
export interface ClassReportAnswer {
  learners: ClassReportLearner[];
}
/** Learners a class report takes at once (a class; NRPS pages beyond are left out). */
export const CLASS_REPORT_MAX = 500;

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
  [Subjects.schools.getDeepLink]: RpcPair<GetDeepLinkMessage, DeepLinkRequestView>;
  [Subjects.schools.respondDeepLink]: RpcPair<RespondDeepLinkMessage, DeepLinkResponseAnswer>;
  [Subjects.schools.sendDeepLink]: RpcPair<SendDeepLinkMessage, SendDeepLinkAnswer>;
  [Subjects.schools.getAssignment]: RpcPair<GetAssignmentMessage, LtiAssignmentView>;
  [Subjects.schools.startAssignment]: RpcPair<StartAssignmentMessage, StartAssignmentAnswer>;
  [Subjects.testing.createLinkedTest]: RpcPair<CreateLinkedTestMessage, CreateTestAnswer>;
  [Subjects.testing.linkedTests]: RpcPair<LinkedTestsMessage, { tests: LinkedTest[] }>;
  [Subjects.schools.listLicences]: RpcPair<ListLicencesMessage, LicencesAnswer>;
  [Subjects.schools.createLicence]: RpcPair<CreateLicenceMessage, Licence>;
  [Subjects.schools.updateLicence]: RpcPair<UpdateLicenceMessage, Licence>;
  [Subjects.schools.licenceSeats]: RpcPair<LicenceSeatsMessage, LicenceSeatsAnswer>;
  [Subjects.schools.releaseSeat]: RpcPair<ReleaseSeatMessage, { released: true }>;
  [Subjects.schools.instructorClasses]: RpcPair<InstructorClassesMessage, InstructorClassesAnswer>;
  [Subjects.schools.classGradebook]: RpcPair<ClassMessage, ClassGradebook>;
  [Subjects.schools.classItems]: RpcPair<ClassMessage, ClassItemsAnswer>;
  [Subjects.testing.classReport]: RpcPair<ClassReportMessage, ClassReportAnswer>;
}
