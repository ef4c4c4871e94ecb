import { randomUUID } from 'node:crypto';
import {
  connect,
  headers as natsHeaders,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import {
  ErrorCodes,
  type RpcErrorPayload,
  type RpcReply,
  type RpcRequest,
  type RpcSubject,
} from '@examprep/contracts';
import { natsServers } from '../config/nats-servers';
import { decodeJson, encodeJson } from '../nats/json-payload';
import { CORRELATION_HEADER, currentCorrelationId } from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import {
  errorOutcome,
  natsClientDuration,
  natsClientErrors,
  secondsSince,
} from '../metrics/metrics';
import {
  ATTR_MESSAGING_BODY_SIZE,
  ATTR_MESSAGING_MESSAGE_ID,
  inNatsSpan,
  startSendSpan,
} from '../tracing/nats-trace';
import { ReplyError, ReplyInbox } from './reply-inbox';
import { isRpcErrorPayload } from './rpc-error';
import { TurnBatch } from './turn-batch';

/** A failed request/reply call, carrying what the gateway turns into an HTTP answer. */
export class RpcCallError extends Error {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload.message);
    this.name = 'RpcCallError';
  }
}

export interface NatsRpcClientOptions {
  servers: string;
  /** Connection name, visible in NATS monitoring. */
  name: string;
  /** Time-out of every call, below the web app's 15 s (DESIGN.md §3). */
  timeoutMs: number;
}

const NO_HANDLER = 'There is no matching message handler defined in the remote service.';

/**
 * Gateway-side caller of the services. It speaks the NestJS NATS wire format
 * ({ pattern, data, id } -> { id, response | err, isDisposed }) over its own reply inbox
 * (ReplyInbox), because that tells "nobody answers" (503) apart from "too slow" (504); the Nest
 * client cannot and has no time-out of its own.
 */
export class NatsRpcClient {
  private nc: NatsConnection | undefined;
  private inbox: ReplyInbox | undefined;
  private up = false;
  // the requests of one event-loop turn are published together: one socket write, not one each
  private readonly turn = new TurnBatch();

  constructor(private readonly options: NatsRpcClientOptions) {}

  async connect(): Promise<void> {
    this.nc = await connect({
      servers: natsServers(this.options.servers),
      name: this.options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
      // no Error (with its stack) allocated per request just in case it times out
      noAsyncTraces: true,
    });
    this.inbox = new ReplyInbox(this.nc);
    this.up = true;
    void this.watch(this.nc);
  }

  private async watch(nc: NatsConnection) {
    for await (const s of nc.status()) {
      // nats.js v3 ends the stream with 'close', this client's own close(): nothing to report
      // (v2 did not send it; a script's stdout, e.g. catalog's import report, stays its answer)
      if (s.type === 'close') return;
      if (s.type === 'disconnect') this.up = false;
      if (s.type === 'reconnect') this.up = true;
      rootLogger().info({ nats: s.type }, 'nats status');
    }
  }

  get isConnected(): boolean {
    return this.up && !!this.nc && !this.nc.isClosed();
  }

  get connection(): NatsConnection | undefined {
    return this.nc;
  }

  /**
   * Calls `subject`; the message and the answer are typed by RpcMap (libs/contracts), so a
   * wrong message, an unknown subject or a wrong use of the answer does not compile.
   */
  async request<S extends RpcSubject>(
    subject: S,
    data: NoInfer<RpcRequest<S>>,
    options: { timeoutMs?: number } = {},
  ): Promise<RpcReply<S>> {
    const started = process.hrtime.bigint();
    try {
      const reply = await this.send(subject, data, options);
      natsClientDuration.observe(secondsSince(started), subject, 'ok');
      return reply;
    } catch (e) {
      const outcome = errorOutcome(e);
      natsClientDuration.observe(secondsSince(started), subject, outcome);
      if (outcome === '5xx') {
        const status = e instanceof RpcCallError ? String(e.payload.status) : '500';
        natsClientErrors.inc({ subject, status });
      }
      throw e;
    }
  }

  private async send<S extends RpcSubject>(
    subject: S,
    data: NoInfer<RpcRequest<S>>,
    options: { timeoutMs?: number },
  ): Promise<RpcReply<S>> {
    const inbox = this.inbox;
    if (!inbox || !this.isConnected) throw unavailable('The message bus is not reachable.');
    const id = randomUUID();
    const h = natsHeaders();
    h.set(CORRELATION_HEADER, currentCorrelationId() ?? id);
    const payload = encodeJson({ pattern: subject, data, id });
    // with tracing on: a CLIENT span, its traceparent in the headers (ADR 0035)
    const span = startSendSpan('request', subject, h, {
      [ATTR_MESSAGING_MESSAGE_ID]: id,
      [ATTR_MESSAGING_BODY_SIZE]: payload.length,
    });
    return span
      ? inNatsSpan(span, () => this.exchange(inbox, subject, payload, h, options))
      : this.exchange(inbox, subject, payload, h, options);
  }

  /** Publishes one request and waits for its reply, or for the reason there is none. */
  private async exchange<S extends RpcSubject>(
    inbox: ReplyInbox,
    subject: S,
    payload: Uint8Array,
    h: MsgHdrs,
    options: { timeoutMs?: number },
  ): Promise<RpcReply<S>> {
    await this.turn.wait();
    let reply: { err?: unknown; response?: RpcReply<S> };
    try {
      const msg = await inbox.request(
        subject,
        payload,
        h,
        options.timeoutMs ?? this.options.timeoutMs,
      );
      reply = decodeJson(msg.data) as typeof reply;
    } catch (e) {
      const reason = e instanceof ReplyError ? e.reason : undefined;
      if (reason === 'no-responders')
        throw unavailable(`No ${serviceOf(subject)} service is answering.`);
      if (reason === 'timeout') {
        throw new RpcCallError({
          status: 504,
          code: ErrorCodes.GATEWAY_TIMEOUT,
          message: `The ${serviceOf(subject)} service did not answer in time.`,
        });
      }
      if (reason !== 'closed') rootLogger().error({ err: e, subject }, 'nats request failed');
      throw unavailable('The message bus is not reachable.');
    }
    if (reply.err !== undefined && reply.err !== null) {
      if (isRpcErrorPayload(reply.err)) throw new RpcCallError(reply.err);
      if (reply.err === NO_HANDLER)
        throw unavailable(`The ${serviceOf(subject)} service cannot handle ${subject}.`);
      rootLogger().error({ subject, err: reply.err }, 'service answered an unknown error shape');
      throw new RpcCallError({
        status: 500,
        code: ErrorCodes.INTERNAL,
        message: 'An unexpected error occurred.',
      });
    }
    return reply.response as RpcReply<S>;
  }

  async close(): Promise<void> {
    const nc = this.nc;
    const inbox = this.inbox;
    this.nc = undefined;
    this.inbox = undefined;
    this.up = false;
    try {
      // replies already on their way are delivered while the connection drains
      if (nc && !nc.isClosed()) await nc.drain();
    } finally {
      inbox?.close();
    }
  }
}

function serviceOf(subject: string): string {
  return subject.split('.')[0] ?? subject;
}

function unavailable(message: string) {
  return new RpcCallError({ status: 503, code: ErrorCodes.SERVICE_UNAVAILABLE, message });
}
