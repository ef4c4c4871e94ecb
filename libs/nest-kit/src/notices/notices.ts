import type { NoticePayload, NoticeSubject } from '@examprep/contracts';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { rootLogger } from '../logging/logger';
import { decodeJson, encodeJson } from '../nats/json-payload';

/**
 * Publishes a notice of NoticeMap (libs/contracts): core NATS, per entity, best effort. Nobody
 * subscribed means nobody hears it and nothing is kept (ADR 0017); a fact others must not
 * miss is a JetStream event instead. The subject decides the payload's type.
 */
export function publishNotice<S extends NoticeSubject>(
  nc: Pick<NatsConnection, 'publish'>,
  subject: S,
  payload: NoInfer<NoticePayload<S>>,
): void {
  nc.publish(subject, encodeJson(payload));
}

/**
 * Listens to one notice subject. A notice comes from another process, so `read` checks the
 * decoded JSON before the handler sees it. A payload that is not JSON or that `read` refuses
 * is logged and dropped, and a handler that throws (or rejects) is logged: a notice never
 * ends the subscription or crashes the process.
 */
export function subscribeNotice<S extends NoticeSubject>(
  nc: Pick<NatsConnection, 'subscribe'>,
  subject: S,
  read: (decoded: unknown) => NoticePayload<S> | null,
  handler: (payload: NoticePayload<S>) => void | Promise<void>,
): Subscription {
  return nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) {
        rootLogger().warn({ err, subject }, 'notice subscription error');
        return;
      }
      let payload: NoticePayload<S> | null;
      try {
        payload = read(decodeJson(msg.data));
      } catch (decodeErr) {
        rootLogger().warn({ err: decodeErr, subject }, 'notice is not JSON; dropped');
        return;
      }
      if (payload === null) {
        rootLogger().warn({ subject }, 'notice has not the shape of its subject; dropped');
        return;
      }
      try {
        void Promise.resolve(handler(payload)).catch((handlerErr: unknown) =>
          rootLogger().error({ err: handlerErr, subject }, 'notice handler failed'),
        );
      } catch (handlerErr) {
        rootLogger().error({ err: handlerErr, subject }, 'notice handler failed');
      }
    },
  });
}
