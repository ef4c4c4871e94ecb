// Compile-time tests of the event declarations (EventMap of libs/contracts): checked by `tsc` in
// `npm run typecheck`, never run. Each `@ts-expect-error` line must fail to compile (tsc
// reports an unused `@ts-expect-error`), each line without one must compile.
import {
  type AnnouncementChangedEvent,
  Events,
  type QbankGeneratedEvent,
  type QuestionDeletedEvent,
  type QuestionMediaChangedEvent,
  type UserDeletedEvent,
} from '@examprep/contracts';
import { type ConsumedMessageMeta, EventListener, JetStreamConsumer } from './event-handlers';

export class Consumers {
  // the method gets the payload of its subject (and may read the delivery's meta)
  @JetStreamConsumer({ durable: 'type-spec-a', subject: Events.userDeleted })
  async erase(event: UserDeletedEvent, meta: ConsumedMessageMeta): Promise<void> {
    void [event.uid, meta.redeliveries];
  }

  @JetStreamConsumer({
    durable: 'type-spec-b',
    subject: Events.qbankGenerated,
    maxDeliver: 5,
    retryDelayMs: 2_000,
  })
  async count(event: QbankGeneratedEvent): Promise<void> {
    void event.batchId;
  }

  // a method that checks the shape itself may take anything
  @JetStreamConsumer({ durable: 'type-spec-c', subject: Events.userPurchasesChanged })
  async apply(event: unknown): Promise<void> {
    void event;
  }

  // @ts-expect-error a consumer that expects another fact's payload
  @JetStreamConsumer({ durable: 'type-spec-d', subject: Events.qbankGenerated })
  async wrongFact(event: AnnouncementChangedEvent): Promise<void> {
    void event.change;
  }

  // @ts-expect-error a consumer reading a field its fact does not have
  @JetStreamConsumer({ durable: 'type-spec-e', subject: Events.questionDeleted })
  async wrongField(event: { qid: string; uid: string }): Promise<void> {
    void event.uid;
  }

  // @ts-expect-error a consumer must answer a promise (the ack waits for it)
  @JetStreamConsumer({ durable: 'type-spec-f', subject: Events.userDeleted })
  notAsync(event: UserDeletedEvent): void {
    void event;
  }

  // @ts-expect-error an unknown fact
  @JetStreamConsumer({ durable: 'type-spec-g', subject: 'events.purchase.completed' })
  async unknown(): Promise<void> {}

  // @ts-expect-error a request/reply subject is not a fact
  @JetStreamConsumer({ durable: 'type-spec-h', subject: 'qbank.questions.get' })
  async request(): Promise<void> {}
}

export class Listeners {
  @EventListener(Events.announcementChanged)
  invalidate(): void {}

  // one method for two facts: its parameter accepts both payloads
  @EventListener(Events.questionMediaChanged)
  @EventListener(Events.questionDeleted)
  dropCached(event: { qid: string }): void {
    void event.qid;
  }

  @EventListener(Events.questionDeleted)
  async dropLater(event: QuestionDeletedEvent): Promise<void> {
    void event.qid;
  }

  // @ts-expect-error a listener that expects another fact's payload
  @EventListener(Events.announcementChanged)
  wrongFact(event: UserDeletedEvent): void {
    void event.uid;
  }

  // @ts-expect-error one subject's payload does not fit (a deleted question has no paths)
  @EventListener(Events.questionDeleted)
  @EventListener(Events.questionMediaChanged)
  onlyChanged(event: QuestionMediaChangedEvent): void {
    void event;
  }

  // @ts-expect-error an unknown fact
  @EventListener('events.announcement.gone')
  unknown(): void {}
}
