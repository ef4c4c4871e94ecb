import type { AnnouncementsEvents, AnnouncementsRpc } from './announcements/announcement.messages';
import type { CaptchaRpc } from './captcha/captcha.messages';
import type { CatalogEvents, CatalogRpc } from './catalog/catalog.messages';
import type { IdentityEvents, IdentityRpc } from './identity/identity.messages';
import type { IdentityNotices } from './identity/user-changed.notice';
import type { QbankEvents, QbankRpc } from './qbank/qbank.messages';
import type { MediaEvents, MediaRpc } from './media/media.messages';
import type { TestingEvents, TestingRpc } from './testing/testing.messages';
import type { ItemStatsEvents, ItemStatsRpc } from './item-stats/item-stats.messages';
import type { LearningEvents, LearningRpc } from './learning/learning.messages';
import type { SchoolsEvents, SchoolsRpc } from './schools/schools.messages';
import type { Events, ServiceName, Subjects } from './subjects';

/**
 * The request and reply of one request/reply subject. `request` is the whole message the
 * service receives: the gateway's `{ actor, ...payload }` envelope (`Envelope<...>`).
 */
export interface RpcPair<Request extends object, Reply> {
  request: Request;
  reply: Reply;
}

/** Every service answers `<service>.health` (nest-kit's createRpcHealthController). */
export type HealthSubject = ReturnType<typeof Subjects.health<ServiceName>>;
/** The gateway's /readyz asks with an empty message. */
export type HealthCheckMessage = Record<string, never>;
export interface RpcHealthReply {
  service: ServiceName;
  status: 'ok';
  uptimeSeconds: number;
}
type HealthRpc = { [S in HealthSubject]: RpcPair<HealthCheckMessage, RpcHealthReply> };

/**
 * Every request/reply subject with its request and reply types. Each area keeps its part
 * beside its payload types (`<area>.messages.ts`); a new service adds its map here.
 */
export interface RpcMap
  extends
    AnnouncementsRpc,
    IdentityRpc,
    CaptchaRpc,
    QbankRpc,
    CatalogRpc,
    TestingRpc,
    ItemStatsRpc,
    LearningRpc,
    MediaRpc,
    SchoolsRpc,
    HealthRpc {}

/** Every JetStream fact with its payload type; a new service adds its map here. */
export interface EventMap
  extends
    AnnouncementsEvents,
    IdentityEvents,
    QbankEvents,
    CatalogEvents,
    MediaEvents,
    TestingEvents,
    ItemStatsEvents,
    LearningEvents,
    SchoolsEvents {}

/** The string leaves of `Subjects` (its functions, health and userChanged, are not leaves). */
type SubjectLeaves<T> = T extends string
  ? T
  : T extends (...args: never[]) => unknown
    ? never
    : { [K in keyof T]: SubjectLeaves<T[K]> }[keyof T];

/**
 * A request/reply subject. Derived from `Subjects`, not from the map, so that `RpcMap[S]`
 * below fails to compile while any subject lacks its types.
 */
export type RpcSubject = SubjectLeaves<typeof Subjects> | HealthSubject;
/** The message a handler of `S` receives (and the gateway sends). */
export type RpcRequest<S extends RpcSubject> = RpcMap[S]['request'];
/** What a handler of `S` answers (and the gateway's call resolves to). */
export type RpcReply<S extends RpcSubject> = RpcMap[S]['reply'];
/** The shape of a `@RpcPattern(S)` handler (nest-kit): it may answer at once or later. */
export type RpcHandler<S extends RpcSubject> = (
  payload: RpcRequest<S>,
) => RpcReply<S> | Promise<RpcReply<S>>;

/** A JetStream fact's subject; `EventMap[S]` fails to compile while one lacks its payload. */
export type EventSubject = (typeof Events)[keyof typeof Events];
export type EventPayload<S extends EventSubject> = EventMap[S];

/**
 * Every core NATS notice with its payload type (ADR 0017): per entity, not persisted, best
 * effort (nobody subscribed, nothing kept). Keys are subject patterns
 * (`identity.userChanged.${string}`); nest-kit's publishNotice/subscribeNotice send and read
 * them. A new notice adds its area's part here (`IdentityNotices & ...`).
 */
export type NoticeMap = IdentityNotices;

/** A notice's subject: one that matches a pattern of NoticeMap. */
export type NoticeSubject = keyof NoticeMap & string;
export type NoticePayload<S extends NoticeSubject> = NoticeMap[S];
