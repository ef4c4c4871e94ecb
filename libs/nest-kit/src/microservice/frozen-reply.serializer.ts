// not exported from the package's root (Nest 12: reached through its "./*" export)
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer';

type ReplyPacket = { id?: unknown; response?: unknown; isDisposed?: unknown } & Record<
  string,
  unknown
>;

const encoder = new TextEncoder();
const REPLY_KEYS = new Set(['id', 'response', 'isDisposed']);

/**
 * Nest's NATS reply serializer, with one shortcut: a reply whose response is a frozen object
 * (a service's cached, immutable answer, e.g. the announcements list) is turned into JSON and
 * UTF-8 once per object and only framed per request. The JSON of a long list costs far more
 * than the rest of the per-message pipeline (measured in tools/load/README.md, "Gateway
 * throughput"). Frozen is the service's promise that the object no longer changes; only its
 * own properties are checked, so freeze the items too (`deepFreeze`). Every other packet
 * (errors, headers, records, unfrozen answers) goes through Nest's serializer unchanged.
 */
export class FrozenReplySerializer extends NatsRecordSerializer {
  private readonly encoded = new WeakMap<object, Uint8Array>();

  override serialize(packet: ReplyPacket): ReturnType<NatsRecordSerializer['serialize']> {
    const response = packet?.response;
    if (
      typeof response !== 'object' ||
      response === null ||
      !Object.isFrozen(response) ||
      !Object.keys(packet).every((k) => REPLY_KEYS.has(k) || packet[k] === undefined)
    ) {
      return super.serialize(packet);
    }
    let body = this.encoded.get(response);
    if (!body) {
      body = encoder.encode(JSON.stringify(response));
      this.encoded.set(response, body);
    }
    const head = encoder.encode(
      `{"id":${JSON.stringify(packet.id)}${
        packet.isDisposed === undefined ? '' : `,"isDisposed":${JSON.stringify(packet.isDisposed)}`
      },"response":`,
    );
    const data = new Uint8Array(head.length + body.length + 1);
    data.set(head, 0);
    data.set(body, head.length);
    data[data.length - 1] = 0x7d; // }
    return { data, headers: undefined } as ReturnType<NatsRecordSerializer['serialize']>;
  }
}

/** Freezes an object and everything it holds, so FrozenReplySerializer may cache its JSON. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
