import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { LtiPlatformStatus } from '@examprep/contracts';

/**
 * lti_platforms/{uuid}: an LMS registration (ADR 0040). A platform is found by its issuer and the
 * client id it gave us (one issuer, e.g. Canvas Cloud's, serves many schools).
 */
@Schema({ collection: 'lti_platforms', versionKey: false })
export class PlatformRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: String, required: true })
  issuer!: string;

  @Prop({ type: String, required: true })
  clientId!: string;

  @Prop({ type: [String], default: [] })
  deploymentIds!: string[];

  @Prop({ type: String, required: true })
  authUrl!: string;

  @Prop({ type: String, required: true })
  tokenUrl!: string;

  @Prop({ type: String, required: true })
  jwksUrl!: string;

  @Prop({ type: String, required: true })
  status!: LtiPlatformStatus;

  @Prop({ type: String, required: true })
  registeredBy!: 'admin' | 'dynamic';

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const PlatformSchema = SchemaFactory.createForClass(PlatformRecord);
// a launch's platform (issuer + client id); also refuses registering one twice
PlatformSchema.index({ issuer: 1, clientId: 1 }, { unique: true });

/** lti_keys/{kid}: one of the tool's RSA key pairs; the newest signs, all are in our JWKS. */
@Schema({ collection: 'lti_keys', versionKey: false })
export class ToolKeyRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Object, required: true })
  privateJwk!: Record<string, unknown>;

  @Prop({ type: Object, required: true })
  publicJwk!: Record<string, unknown>;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}
export const ToolKeySchema = SchemaFactory.createForClass(ToolKeyRecord);
// the signing key: the newest
ToolKeySchema.index({ createdAt: -1 });

/**
 * What lives a short while and is used once: a login in flight (`state` → nonce; kind 'login'),
 * a launch's accepted nonce (kind 'nonce', kept until its token's expiry, so a replayed launch is
 * refused), a sign-in ticket (kind 'ticket') and the bridge's code made from it (kind 'code').
 * `_id` is the kind and the SHA-256 of the secret (state, ticket, code) or the platform and nonce:
 * a database read never yields a usable secret.
 */
@Schema({ collection: 'lti_once', versionKey: false, minimize: false })
export class OnceRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  kind!: 'login' | 'nonce' | 'ticket' | 'code' | 'deeplink' | 'dlsend';

  @Prop({ type: Object, default: () => ({}) })
  data!: Record<string, unknown>;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}
export const OnceSchema = SchemaFactory.createForClass(OnceRecord);

/** lti_accounts/{platformId}:{sub}: the LMS user → our user (ADR 0040: never by name or email). */
@Schema({ collection: 'lti_accounts', versionKey: false })
export class AccountRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  uid!: string;

  @Prop({ type: String, required: true })
  platformId!: string;

  /** The LMS's name and email of the user at their last launch (the licence seats list). */
  @Prop({ type: String, default: null })
  name!: string | null;

  @Prop({ type: String, default: null })
  email!: string | null;

  /** The realm role `instructor` was given (so a launch does not ask Keycloak again). */
  @Prop({ type: Boolean, default: false })
  instructor!: boolean;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  lastLaunchAt!: Date;
}
export const AccountSchema = SchemaFactory.createForClass(AccountRecord);
// a user's links (erasure, the instructor's roster)
AccountSchema.index({ uid: 1 });
// a platform's accounts (deleting a registration)
AccountSchema.index({ platformId: 1 });

/** lti_contexts/{platformId}:{contextId}: an LMS course seen in a launch. */
@Schema({ collection: 'lti_contexts', versionKey: false })
export class ContextRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  platformId!: string;

  @Prop({ type: String, required: true })
  contextId!: string;

  @Prop({ type: String, default: null })
  label!: string | null;

  @Prop({ type: String, default: null })
  title!: string | null;

  @Prop({ type: String, required: true })
  deploymentId!: string;

  /** NRPS: the roster's URL, when the platform offered it. */
  @Prop({ type: String, default: null })
  membershipsUrl!: string | null;

  /** AGS: the context's line items URL. */
  @Prop({ type: String, default: null })
  lineItemsUrl!: string | null;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const ContextSchema = SchemaFactory.createForClass(ContextRecord);
ContextSchema.index({ platformId: 1 });

/** lti_members/{contextKey}|{uid}: who teaches or learns in which LMS course (from launches). */
@Schema({ collection: 'lti_members', versionKey: false })
export class MemberRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  contextKey!: string;

  @Prop({ type: String, required: true })
  uid!: string;

  @Prop({ type: Boolean, required: true })
  instructor!: boolean;

  @Prop({ type: [String], default: [] })
  roles!: string[];

  @Prop({ type: Date, required: true })
  lastLaunchAt!: Date;
}
export const MemberSchema = SchemaFactory.createForClass(MemberRecord);
// the courses a user teaches or takes
MemberSchema.index({ uid: 1, instructor: 1 });
// a course's members
MemberSchema.index({ contextKey: 1 });

/** lti_links/{platformId}:{resourceLinkId}: a placed link: what it opens, its line item. */
@Schema({ collection: 'lti_links', versionKey: false, minimize: false })
export class LinkRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  platformId!: string;

  @Prop({ type: String, default: null })
  contextKey!: string | null;

  @Prop({ type: String, default: null })
  title!: string | null;

  @Prop({ type: Object, default: () => ({}) })
  custom!: Record<string, string>;

  /** AGS: the link's line item, when the platform made one for it. */
  @Prop({ type: String, default: null })
  lineItemUrl!: string | null;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const LinkSchema = SchemaFactory.createForClass(LinkRecord);
LinkSchema.index({ contextKey: 1 });

/**
 * lti_scores/{testId}: a submitted test's score for an LMS line item (AGS), an outbox: recorded
 * once per submission (the test id), posted until the platform takes it (ADR 0040).
 */
@Schema({ collection: 'lti_scores', versionKey: false })
export class ScoreRecord {
  /** The test id: one score per submission. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  uid!: string;

  @Prop({ type: String, required: true })
  linkKey!: string;

  @Prop({ type: String, required: true })
  platformId!: string;

  @Prop({ type: String, required: true })
  lineItemUrl!: string;

  /** The LMS's id of the learner (the launch's `sub`). */
  @Prop({ type: String, required: true })
  lmsUserId!: string;

  @Prop({ type: Number, required: true })
  scoreGiven!: number;

  @Prop({ type: Number, required: true })
  scoreMaximum!: number;

  /** When the test was submitted (the score's timestamp). */
  @Prop({ type: Date, required: true })
  submittedAt!: Date;

  @Prop({ type: String, required: true })
  status!: 'pending' | 'sent' | 'failed';

  @Prop({ type: Number, default: 0 })
  attempts!: number;

  /** When to try next (pending), or the lease of a post in flight. */
  @Prop({ type: Date, required: true })
  nextAt!: Date;

  @Prop({ type: String, default: null })
  lastError!: string | null;

  @Prop({ type: Date, default: null })
  sentAt!: Date | null;
}
export const ScoreSchema = SchemaFactory.createForClass(ScoreRecord);
// the sweep: the scores due now
ScoreSchema.index({ status: 1, nextAt: 1 });
// a learner's scores (erasure)
ScoreSchema.index({ uid: 1 });
