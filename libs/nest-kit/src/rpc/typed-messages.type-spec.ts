// Compile-time tests of the typed messages (RpcMap and EventMap of libs/contracts): checked by
// `tsc` in `npm run typecheck`, never run. Each `@ts-expect-error` line must fail to compile
// (tsc reports an unused `@ts-expect-error`), each line without one must compile.
import {
  type Actor,
  type Announcement,
  type AnnouncementChangedEvent,
  Events,
  type GetQuestionMessage,
  type Me,
  type Question,
  type QbankGeneratedEvent,
  Subjects,
} from '@examprep/contracts';
import type { JetStreamBus } from '../jetstream/jetstream.bus';
import type { NatsRpcClient } from './nats-rpc.client';
import { RpcPattern } from './rpc-pattern';

declare const rpc: NatsRpcClient;
declare const bus: JetStreamBus;
declare const actor: Actor;
declare const question: Question;

export async function gatewayCalls(): Promise<void> {
  // the subject decides both the message it takes and the answer it resolves to
  const q: Question = await rpc.request(Subjects.qbank.getQuestion, { actor, qid: 'AB12' });
  const me: Me = await rpc.request(Subjects.identity.me, { actor });
  const anonymous = await rpc.request(Subjects.identity.allowSignup, { actor: null });
  const health = await rpc.request(Subjects.health('qbank'), {}, { timeoutMs: 1_500 });
  void [q, me, anonymous.allowSignup, health.status];

  // @ts-expect-error a wrong payload: getQuestion needs a qid
  await rpc.request(Subjects.qbank.getQuestion, { actor });
  // @ts-expect-error a wrong payload: qid is a string
  await rpc.request(Subjects.qbank.getQuestion, { actor, qid: 12 });
  // @ts-expect-error a wrong payload: a field the message does not have
  await rpc.request(Subjects.qbank.getQuestion, { actor, qid: 'AB12', isAdmin: true });
  // @ts-expect-error a wrong payload: the envelope's actor is missing
  await rpc.request(Subjects.qbank.getQuestion, { qid: 'AB12' });
  // @ts-expect-error a wrong payload: another subject's message
  await rpc.request(Subjects.announcements.create, { actor, qid: 'AB12' });

  // @ts-expect-error a wrong reply use: getQuestion answers a Question, not an Announcement
  const wrong: Announcement = await rpc.request(Subjects.qbank.getQuestion, { actor, qid: 'x' });
  const reply = await rpc.request(Subjects.qbank.getQuestion, { actor, qid: 'x' });
  // @ts-expect-error a wrong reply use: a Question has no `content` (announcements do)
  void reply.content;
  // @ts-expect-error a wrong reply use: the type argument is the subject, not the reply
  await rpc.request<Me>(Subjects.identity.me, { actor });
  void wrong;

  // @ts-expect-error an unknown subject
  await rpc.request('qbank.questions.nope', { actor });
  // @ts-expect-error a subject that is not request/reply (a JetStream fact)
  await rpc.request(Events.userDeleted, { actor });
  // @ts-expect-error any string is not a subject
  await rpc.request(String('qbank.questions.get') as string, { actor, qid: 'x' });
  // @ts-expect-error a service that does not exist has no health subject
  await rpc.request(Subjects.health('billing'), {});
}

export async function events(): Promise<void> {
  const changed: AnnouncementChangedEvent = { id: 'a1', change: 'created', at: '2025-01-01' };
  await bus.publish(Events.announcementChanged, changed, 'a1:created');
  await bus.publish(Events.userDeleted, { uid: 'u1', at: '2025-01-01' }, 'user-deleted:u1');

  // @ts-expect-error an event published with the wrong payload (another fact's)
  await bus.publish(Events.userDeleted, changed, 'x');
  // @ts-expect-error an event published with the wrong payload (a field missing)
  await bus.publish(Events.qbankGenerated, { uid: 'u1', count: 5, at: 'x' }, 'x');
  // @ts-expect-error an event published with the wrong payload (a wrong field type)
  await bus.publish(Events.questionDeleted, { qid: 7, at: 'x' }, 'x');
  // @ts-expect-error an unknown fact
  await bus.publish('events.purchase.completed', { uid: 'u1' }, 'x');

  await bus.consume({
    durable: 'type-spec',
    subject: Events.qbankGenerated,
    // the consumer's handler gets the payload of its subject
    handler: async (event) => {
      const typed: QbankGeneratedEvent = event;
      void typed.batchId;
    },
  });
  await bus.consume({
    durable: 'type-spec',
    subject: Events.qbankGenerated,
    // @ts-expect-error a consumer that expects another fact's payload
    handler: async (event: AnnouncementChangedEvent) => void event.change,
  });
  await bus.consume({
    durable: 'type-spec',
    subject: Events.questionDeleted,
    // @ts-expect-error a consumer reading a field its fact does not have
    handler: async (event) => void event.uid,
  });
}

export class Handlers {
  @RpcPattern(Subjects.qbank.getQuestion)
  get({ qid }: GetQuestionMessage): Promise<Question> {
    return Promise.resolve({ ...question, qid });
  }

  @RpcPattern(Subjects.qbank.getQuestion)
  getAtOnce(): Question {
    return question;
  }

  // @ts-expect-error a handler returning the wrong shape
  @RpcPattern(Subjects.qbank.getQuestion)
  wrongReply(): Promise<Announcement> {
    return Promise.reject(new Error('never called'));
  }

  // @ts-expect-error a handler expecting a field its message does not have
  @RpcPattern(Subjects.qbank.listCourses)
  wrongPayload({ qid }: GetQuestionMessage): Promise<{ qid: string }> {
    return Promise.resolve({ qid });
  }

  // @ts-expect-error an unknown subject
  @RpcPattern('qbank.questions.nope')
  unknown(): void {}
}
