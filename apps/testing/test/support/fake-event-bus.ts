import type { JetStreamBus } from '@examprep/nest-kit';

/** One fact as a FakeEventBus took it. */
export interface PublishedFact {
  subject: string;
  data: unknown;
  msgId: string;
}

/** JetStreamBus.publish in memory: keeps what was published; `failing` makes it reject. */
export class FakeEventBus implements Pick<JetStreamBus, 'publish'> {
  readonly published: PublishedFact[] = [];
  failing = false;

  publish: JetStreamBus['publish'] = async (subject, data, msgId) => {
    if (this.failing) throw new Error('JetStream is not answering');
    const duplicate = this.published.some((p) => p.msgId === msgId);
    if (!duplicate) this.published.push({ subject, data, msgId });
    return { seq: this.published.length, duplicate };
  };
}
