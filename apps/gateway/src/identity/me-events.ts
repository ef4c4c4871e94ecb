import type { MessageEvent } from '@nestjs/common';
import {
  type Actor,
  type LedgerState,
  type Me,
  readUserChangedNotice,
  Subjects,
  type UserChangedNotice,
  type UserDocumentState,
  userOwnedState,
} from '@examprep/contracts';
import { rootLogger, subscribeNotice } from '@examprep/nest-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import { Observable } from 'rxjs';

/** A stream lives as long as an access token (5 min); the client reconnects with a fresh one. */
export const STREAM_MAX_MS = 5 * 60_000;
export const HEARTBEAT_MS = 25_000;

/**
 * The session state of one /api/me/events stream. The token gives uid, email, isAdmin and
 * emailVerified; the identity service's `identity.userChanged.<uid>` notices give the rest, in
 * two parts that each carry an ordering key (the document's updatedAt, the ledger's version).
 * Notices can cross on the way, so each part is kept at its newest and a notice that brings
 * nothing newer sends nothing: an older state never follows a newer one (ADR 0017).
 */
export class MeStream {
  /** undefined until the first notice. */
  private document: UserDocumentState | null | undefined;
  private ledger: LedgerState | null | undefined;
  private noticed = false;

  constructor(private readonly actor: Actor) {}

  /**
   * The state read when the stream opened, or null when a notice came first: that notice was
   * read after a change that the opening read may not have seen, and it carries no key to
   * compare the read with, so the read is not shown (any later change comes with its notice).
   */
  opened(me: Me): Me | null {
    return this.noticed ? null : me;
  }

  /** The state to send after a notice, or null when the notice brings nothing newer. */
  notice(n: UserChangedNotice): Me | null {
    if (n.uid !== this.actor.uid) return null;
    const first = !this.noticed;
    this.noticed = true;
    if (first) {
      this.document = n.document;
      this.ledger = n.ledger;
      return this.me();
    }
    if (n.document === null && n.ledger === null) {
      // Nothing stored: only a read after the user's data was erased sees that (every other
      // change leaves a document or a view), so it starts both parts over.
      if (this.document === null && this.ledger === null) return null;
      this.document = null;
      this.ledger = null;
      return this.me();
    }
    let changed = false;
    // A part that is null here while one is kept was read before that part existed.
    if (n.document && (!this.document || later(n.document, this.document))) {
      this.document = n.document;
      changed = true;
    }
    if (n.ledger && (!this.ledger || n.ledger.version > this.ledger.version)) {
      this.ledger = n.ledger;
      changed = true;
    }
    return changed ? this.me() : null;
  }

  private me(): Me {
    const { uid, email, isAdmin, emailVerified } = this.actor;
    return {
      uid,
      email,
      isAdmin,
      emailVerified,
      ...userOwnedState(this.document ?? null, this.ledger ?? null),
    };
  }
}

const later = (a: UserDocumentState, b: UserDocumentState) =>
  Date.parse(a.updatedAt) > Date.parse(b.updatedAt);

/**
 * GET /api/me/events: a `me` event with the session state when the stream opens (one
 * `identity.me` read) and after every notice that brings a newer state (no read: the notice
 * carries it), `ping` every 25 s, the end after 5 minutes.
 */
export function meEvents(
  nc: Pick<NatsConnection, 'subscribe'> | undefined,
  actor: Actor,
  readMe: () => Promise<Me>,
  timing: { heartbeatMs: number; maxMs: number } = {
    heartbeatMs: HEARTBEAT_MS,
    maxMs: STREAM_MAX_MS,
  },
): Observable<MessageEvent> {
  return new Observable<MessageEvent>((subscriber) => {
    const stream = new MeStream(actor);
    const send = (me: Me | null) => {
      if (me) subscriber.next({ type: 'me', data: me });
    };
    // subscribed before the read, so no change between the two goes untold
    const changes =
      nc &&
      subscribeNotice(nc, Subjects.identity.userChanged(actor.uid), readUserChangedNotice, (n) =>
        send(stream.notice(n)),
      );
    readMe().then(
      (me) => send(stream.opened(me)),
      (err: unknown) =>
        rootLogger().warn({ err, uid: actor.uid }, 'me/events: could not read the session state'),
    );
    const heartbeat = setInterval(
      () => subscriber.next({ type: 'ping', data: {} }),
      timing.heartbeatMs,
    );
    const end = setTimeout(() => subscriber.complete(), timing.maxMs);
    return () => {
      changes?.unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(end);
    };
  });
}
