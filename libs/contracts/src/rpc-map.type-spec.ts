// Compile-time tests of RpcMap and EventMap: checked by `tsc` in `npm run typecheck`, never
// run. Calls through the typed client and bus are tested in
// libs/nest-kit/src/rpc/typed-messages.type-spec.ts.
import type {
  EventMap,
  EventPayload,
  EventSubject,
  HealthSubject,
  NoticePayload,
  RpcMap,
  RpcReply,
  RpcRequest,
  RpcSubject,
} from './rpc-map';
import type { Events, Subjects } from './subjects';
import type { UserChangedNotice } from './identity/user-changed.notice';
import type { Actor, Me, Question, UserDeletedEvent } from './types';

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const expectTrue = <T extends true>(): T | undefined => undefined;

// every subject of Subjects has its types, and the map names no other subject
expectTrue<Equal<keyof RpcMap, RpcSubject>>();
expectTrue<Equal<keyof EventMap, EventSubject>>();
expectTrue<Equal<EventSubject, (typeof Events)[keyof typeof Events]>>();
// health subjects only for the services that exist
expectTrue<
  Equal<
    HealthSubject,
    | 'announcements.health'
    | 'catalog.health'
    | 'identity.health'
    | 'qbank.health'
    | 'testing.health'
    | 'media.health'
    | 'schools.health'
  >
>();

// a request is the whole message the service receives: the actor envelope plus the payload
expectTrue<
  Equal<RpcRequest<typeof Subjects.qbank.getQuestion>, { actor: Actor | null } & { qid: string }>
>();
expectTrue<Equal<RpcReply<typeof Subjects.qbank.getQuestion>, Question>>();
expectTrue<Equal<EventPayload<typeof Events.userDeleted>, UserDeletedEvent>>();

// @ts-expect-error the reply of getQuestion is not a list
expectTrue<Equal<RpcReply<typeof Subjects.qbank.getQuestion>, Question[]>>();
// @ts-expect-error a subject that is not in the map
export type Unknown = RpcRequest<'qbank.questions.nope'>;
// @ts-expect-error a fact that is not published today has no payload type
export type Gone = EventPayload<'events.question.mediaGone'>;

// notices: the subject pattern decides the payload; other subjects are no notices
expectTrue<
  Equal<NoticePayload<ReturnType<typeof Subjects.identity.userChanged>>, UserChangedNotice>
>();
expectTrue<Equal<NoticePayload<'identity.userChanged.u1'>, UserChangedNotice>>();
// @ts-expect-error a request/reply subject is not a notice
export type NotANotice = NoticePayload<typeof Subjects.identity.me>;
// @ts-expect-error the payload of a notice is not the session state
expectTrue<Equal<NoticePayload<'identity.userChanged.u1'>, Me>>();
