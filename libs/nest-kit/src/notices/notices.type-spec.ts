// Compile-time tests of the typed notices (NoticeMap of libs/contracts): checked by `tsc` in
// `npm run typecheck`, never run. Each `@ts-expect-error` line must fail to compile.
import { readUserChangedNotice, Subjects, type UserChangedNotice } from '@examprep/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { publishNotice, subscribeNotice } from './notices';

declare const nc: NatsConnection;
declare const notice: UserChangedNotice;

export function notices(): void {
  const subject = Subjects.identity.userChanged('u1');
  publishNotice(nc, subject, notice);
  publishNotice(nc, subject, { uid: 'u1', document: null, ledger: { purchases: {}, version: 2 } });
  subscribeNotice(nc, subject, readUserChangedNotice, (n) => {
    const version: number | undefined = n.ledger?.version;
    void version;
  });

  // @ts-expect-error a wrong payload: the notice of before (uid and time only)
  publishNotice(nc, subject, { uid: 'u1', at: new Date().toISOString() });
  const versionAsText = { uid: 'u1', document: null, ledger: { purchases: {}, version: '2' } };
  // @ts-expect-error a wrong payload: the ledger's version is a number
  publishNotice(nc, subject, versionAsText);
  // @ts-expect-error a wrong payload: a part is missing
  publishNotice(nc, subject, { uid: 'u1', document: null });
  // @ts-expect-error a subject that is not a notice (request/reply)
  publishNotice(nc, Subjects.identity.me, notice);
  // @ts-expect-error any string is not a notice subject
  publishNotice(nc, String(subject) as string, notice);
  const otherReader = (v: unknown) => (v ? { uid: 'u1' } : null);
  // @ts-expect-error a reader of another shape
  subscribeNotice(nc, subject, otherReader, () => undefined);
  // @ts-expect-error a handler that expects another payload
  subscribeNotice(nc, subject, readUserChangedNotice, (n: { at: string }) => void n);
}
