import { refusalOf, payloadOfRefusal } from './refusal';
import { RpcCallError } from './nats-rpc.client';
import { ServiceError } from './rpc-error';

describe('refusalOf', () => {
  it('reads the payload of a ServiceError thrown in-process', async () => {
    await expect(
      refusalOf(Promise.reject(ServiceError.notFound('Test not found.'))),
    ).resolves.toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Test not found.',
    });
  });

  it('reads the payload of an RpcCallError answered over NATS', async () => {
    const payload = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bad.',
      fields: { a: ['x'] },
    };
    await expect(refusalOf(Promise.reject(new RpcCallError(payload)))).resolves.toEqual(payload);
  });

  it('fails when the call succeeded', async () => {
    await expect(refusalOf(Promise.resolve({ ok: true }))).rejects.toThrow(
      'expected the call to be refused, but it succeeded',
    );
  });

  it('rethrows anything that is not a refusal', async () => {
    const bug = new TypeError('x is undefined');
    await expect(refusalOf(Promise.reject(bug))).rejects.toBe(bug);
    expect(() => payloadOfRefusal('nope')).toThrow();
  });
});
