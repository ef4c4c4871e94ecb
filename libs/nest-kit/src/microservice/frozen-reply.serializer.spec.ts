import 'reflect-metadata';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer';
import { decodeJson } from '../nats/json-payload';
import { deepFreeze, FrozenReplySerializer } from './frozen-reply.serializer';

/** A reply's JSON: Nest's serializer gives a string, ours the UTF-8 bytes. */
const decode = (data: Uint8Array | string) =>
  typeof data === 'string' ? (JSON.parse(data) as unknown) : decodeJson(data);

describe('FrozenReplySerializer', () => {
  const nest = new NatsRecordSerializer();

  it('answers a frozen response exactly as Nest would, per request id', () => {
    const s = new FrozenReplySerializer();
    const list = deepFreeze([{ id: 'a', content: 'é "quoted" \u2028', n: 1 }, { id: 'b' }]);
    for (const packet of [
      { response: list, isDisposed: true, id: 'r1' },
      { response: list, isDisposed: true, id: 'r2' },
      { response: list, id: 'r3' },
    ]) {
      const ours = s.serialize({ ...packet });
      expect(decode(ours.data)).toEqual(decode(nest.serialize({ ...packet }).data));
      expect(ours.headers).toBeUndefined();
    }
  });

  it('turns a frozen response into JSON once', () => {
    const s = new FrozenReplySerializer();
    const list = deepFreeze([{ id: 'a' }]);
    const stringify = jest.spyOn(JSON, 'stringify');
    s.serialize({ response: list, isDisposed: true, id: '1' });
    s.serialize({ response: list, isDisposed: true, id: '2' });
    const ofList = stringify.mock.calls.filter(([v]) => v === list).length;
    stringify.mockRestore();
    expect(ofList).toBe(1);
  });

  it('leaves unfrozen answers, errors and other packets to Nest', () => {
    const s = new FrozenReplySerializer();
    const spy = jest.spyOn(NatsRecordSerializer.prototype, 'serialize');
    const open = [{ id: 'a' }];
    s.serialize({ response: open, isDisposed: true, id: '1' });
    open.push({ id: 'b' }); // not frozen: may change, so never cached
    const second = s.serialize({ response: open, isDisposed: true, id: '2' });
    expect((decode(second.data) as { response: unknown[] }).response).toHaveLength(2);
    s.serialize({ err: { status: 404, code: 'NOT_FOUND' }, isDisposed: true, id: '3' });
    s.serialize({ response: 'text', isDisposed: true, id: '4' });
    expect(spy).toHaveBeenCalledTimes(4);
    spy.mockRestore();
  });

  it('deepFreeze freezes nested objects and arrays', () => {
    const v = deepFreeze({ all: [{ a: { b: 1 } }], visible: [] as unknown[] });
    expect(Object.isFrozen(v.all[0].a)).toBe(true);
    expect(Object.isFrozen(v.visible)).toBe(true);
  });
});
