// The checkout integration specs' view of the RUNNING test system: the gateway's HTTP routes
// (as the browser and Stripe call them), buyers who are real Keycloak accounts, the catalog
// database (to read orders and the ledger) and Stripe's own signing helper for deliveries.
import { randomUUID } from 'node:crypto';
import {
  createRealmUser,
  seedTestData,
  testApps,
  getClientToken,
  getToken,
  identityServiceClient,
  infraConfig,
  waitFor,
} from '@examprep/test-kit';
import { Events, Streams, type UserPurchasesChangedEvent } from '@examprep/contracts';
import { type Db, MongoClient } from 'mongodb';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import Stripe from 'stripe';

export const cfg = infraConfig('test');
export const gateway = cfg.gatewayUrl;
/** Only its webhook helpers are used: they sign locally, nothing is sent. */
export const stripe: Stripe.Stripe = new Stripe(cfg.stripeApiKey, { telemetry: false });

/**
 * Starts or stops the catalog app of the test profile (through the one harness, test-kit
 * testApps); `env` is extra environment of a started catalog (e.g. a fault switch).
 */
export function catalogApp(cmd: 'start' | 'stop', env?: Record<string, string>): void {
  testApps(cmd, ['catalog'], { env, timeoutMs: 90_000 });
}

/** The catalogue and demo coupons are the seed's (upserted by id: a re-run changes nothing). */
export const seed = (): void => seedTestData(90_000);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON read by expect()
export interface Answer<T = any> {
  status: number;
  body: T;
}

/** One HTTP call to the gateway; `raw` is sent as is (a webhook's exact bytes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are arbitrary JSON read by expect()
export async function http<T = any>(
  method: string,
  route: string,
  opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${gateway}${route}`, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as T };
}

/** A verified learner made for one spec file (a real Keycloak account), removed in `cleanup`. */
export interface Buyer {
  uid: string;
  email: string;
  token: () => Promise<string>;
}

const buyers: Buyer[] = [];

export async function newBuyer(): Promise<Buyer> {
  const email = `buyer-${randomUUID().slice(0, 12)}@examprep.test`;
  const password = `pass-${randomUUID()}`;
  const uid = await createRealmUser({ email, password });
  let cached: { token: string; until: number } | undefined;
  const buyer: Buyer = {
    uid,
    email,
    token: async () => {
      if (!cached || cached.until < Date.now()) {
        const t = await getToken({ username: email, password });
        cached = { token: t.access_token, until: Date.now() + (t.expires_in - 30) * 1000 };
      }
      return cached.token;
    },
  };
  buyers.push(buyer);
  return buyer;
}

let mongo: MongoClient | undefined;
export async function catalogDb(): Promise<Db> {
  mongo ??= await MongoClient.connect(cfg.mongoUrl());
  return mongo.db('catalog');
}

/** The buyers' orders, ledger, holdings and events in the catalog, and their accounts. */
export async function cleanup(): Promise<void> {
  const uids = buyers.map((b) => b.uid);
  if (uids.length > 0) {
    const db = await catalogDb();
    const orderIds = (
      await db
        .collection('orders')
        .find({ uid: { $in: uids } })
        .toArray()
    ).map((o) => o._id);
    await db.collection('stripe_events').deleteMany({ orderId: { $in: orderIds } });
    await db.collection('orders').deleteMany({ uid: { $in: uids } });
    await db.collection('ledger_snapshots').deleteMany({ uid: { $in: uids } });
    await db.collection('ledger_entries').deleteMany({ uid: { $in: uids } });
    await db.collection('holdings').deleteMany({ _id: { $in: uids } as never });
    await db.collection('licence_seats').deleteMany({ _id: { $in: uids } as never });
    const { access_token } = await getClientToken(identityServiceClient());
    for (const uid of uids) {
      await fetch(`${cfg.keycloakUrl}/admin/realms/${cfg.realm}/users/${uid}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${access_token}` },
      });
    }
  }
  buyers.length = 0;
  await mongo?.close();
  mongo = undefined;
}

/** POST /api/create-checkout-session as the buyer. */
export async function createSession(buyer: Buyer, body: object): Promise<Answer> {
  return http('POST', '/api/create-checkout-session', { token: await buyer.token(), body });
}

export async function orderOf(sessionId: string) {
  return (await catalogDb()).collection('orders').findOne({ sessionId });
}

/**
 * The order once the webhook's inbox has processed every event about it and its follow-up
 * (grants after a payment, revocations after a refund) has run: the webhook answers once the
 * event is recorded in stripe_events, the catalog's worker changes the order behind it and the
 * fulfilment queue does the rest (ADR 0018). Waits up to `timeoutMs` for no unprocessed inbox
 * entry naming the order's session or payment intent, and no follow-up pending (grants,
 * the refund of products held already and, for a whole refund, the move to refunded,
 * revocations).
 */
export async function settledOrder(sessionId: string, timeoutMs = 5_000) {
  const db = await catalogDb();
  return waitFor(
    async () => {
      const before = await orderOf(sessionId);
      if (!before) return null;
      const names = [sessionId, before._id, before.paymentIntentId].filter(
        (s): s is string => typeof s === 'string' && s !== '',
      );
      const waiting = await db
        .collection<{ event: string | null }>('stripe_events')
        .find({ processedAt: null })
        .toArray();
      if (waiting.some((e) => names.some((n) => e.event?.includes(`"${n}"`)))) return null;
      // read after the inbox: a change processed meanwhile shows here as pending
      const order = await orderOf(sessionId);
      // a refund of the whole total is written first (refund: done), then the order moves to
      // refunded (FulfilmentService.refundAlreadyOwned): until then it is still being settled
      const wholeRefundMoving =
        order?.refund === 'done' &&
        order.status === 'paid' &&
        typeof order.refundCents === 'number' &&
        order.refundCents >= order.totalCents;
      return order &&
        order.fulfilment !== 'pending' &&
        order.revocation !== 'pending' &&
        order.refund !== 'pending' &&
        !wholeRefundMoving
        ? order
        : null;
    },
    { timeoutMs, intervalMs: 50, description: `order ${sessionId} processed and fulfilled` },
  );
}

/** One entry of a ledger snapshot as stored. */
interface LedgerRow {
  key: string;
  seq: number;
  productId: string;
  action: 'grant' | 'revoke' | 'refund';
  source: string;
  by: string;
  at: Date;
  orderId: string | null;
}

/** The buyer's ledger entries, oldest first: those of the newest snapshot (probed by id). */
export async function ledgerOf(uid: string) {
  const snapshots = (await catalogDb()).collection<{ _id: string; entries: LedgerRow[] }>(
    'ledger_snapshots',
  );
  let entries: LedgerRow[] = [];
  for (let n = 1; ; n++) {
    const next = await snapshots.findOne({ _id: `${uid}#${n}` });
    if (!next) return entries.map((e) => ({ ...e, _id: e.key, uid }));
    entries = next.entries;
  }
}

/** Whether the buyer may use `productId`, as the dashboard asks. */
export async function owns(buyer: Buyer, productId: string): Promise<boolean> {
  const res = await http('POST', '/api/check-product-access', {
    token: await buyer.token(),
    body: { productId },
  });
  if (res.status !== 200) throw new Error(`check-product-access: ${res.status}`);
  return (res.body as { authorized: boolean }).authorized;
}

let eventSeq = 0;
/** A Stripe event about an order's session, signed as Stripe signs (optionally back-dated). */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { secret?: string; ageSeconds?: number; id?: string } = {},
): { payload: string; signature: string; id: string } {
  const id = opts.id ?? `evt_it_${randomUUID().replace(/-/g, '')}_${++eventSeq}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? cfg.stripeWebhookSecret,
    timestamp: Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0),
  });
  return { payload, signature, id };
}

/** A checkout.session.* event for an order (by its recorded order id and session id). */
export function sessionEvent(
  type: string,
  order: { _id: unknown; sessionId: string },
  fields: Record<string, unknown> = {},
  opts: { secret?: string; ageSeconds?: number; id?: string } = {},
) {
  return signedEvent(
    type,
    {
      id: order.sessionId,
      object: 'checkout.session',
      client_reference_id: String(order._id),
      metadata: { orderId: String(order._id) },
      payment_intent: `pi_it_${String(order._id)}`,
      mode: 'payment',
      ...fields,
    },
    opts,
  );
}

/** POST /api/stripe/webhook with the exact bytes and the Stripe-Signature, as Stripe does. */
export function deliver(d: { payload: string; signature: string }): Promise<Answer> {
  return http('POST', '/api/stripe/webhook', {
    raw: d.payload,
    headers: { 'stripe-signature': d.signature },
  });
}

/**
 * The `events.user.purchasesChanged` facts STORED in the EVENTS stream since `since` for one
 * user, oldest first: what the learner's other services are told (identity's read model, the
 * dashboard's live unlock). A repeat publish with the same message id (`${uid}:${version}`)
 * is not stored, so a fulfilment that ran twice shows as one.
 */
export async function storedPurchasesChanges(uid: string, since: Date) {
  const nc = await connect({ servers: cfg.natsUrl, name: 'checkout-it-facts' });
  try {
    const consumer = await jetstream(nc).consumers.get(Streams.events.name, {
      filter_subjects: [Events.userPurchasesChanged],
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
    });
    const facts: UserPurchasesChangedEvent[] = [];
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 256, expires: 1_000 });
      let n = 0;
      for await (const m of batch) {
        n++;
        facts.push(m.json<UserPurchasesChangedEvent>());
      }
      if (n === 0) break;
    }
    return facts.filter((f) => f.uid === uid);
  } finally {
    await nc.close();
  }
}
