import { ErrorCodes } from '@examprep/contracts';
import { RpcCallError } from '../rpc/nats-rpc.client';
import { ServiceError } from '../rpc/rpc-error';
import { peerFailure } from './peer-failure';

const down = (status: number) =>
  new RpcCallError({ status, code: ErrorCodes.SERVICE_UNAVAILABLE, message: 'down' });

describe('peerFailure: one rule for every service’s peer calls', () => {
  it('a peer down or too slow (503, 504) is the service’s own sentence; unset fields keep the peer’s', () => {
    const mapped = peerFailure({
      status: 503,
      code: ErrorCodes.STORAGE_UNAVAILABLE,
      message: 'S.',
    });
    for (const status of [503, 504])
      expect((mapped(down(status)) as ServiceError).payload).toEqual({
        status: 503,
        code: ErrorCodes.STORAGE_UNAVAILABLE,
        message: 'S.',
      });
    expect((peerFailure({ message: 'T.' })(down(504)) as ServiceError).payload).toEqual({
      status: 504,
      code: ErrorCodes.SERVICE_UNAVAILABLE,
      message: 'T.',
    });
  });

  it('anything else the peer said passes on as it is; without a sentence 503 passes on too', () => {
    const refusal = { status: 404, code: ErrorCodes.NOT_FOUND, message: 'User not found.' };
    expect(
      (peerFailure({ message: 'T.' })(new RpcCallError(refusal)) as ServiceError).payload,
    ).toEqual(refusal);
    expect((peerFailure()(down(503)) as ServiceError).payload.status).toBe(503);
  });

  it('an error that is no answer of a peer is thrown as it is', () => {
    const bug = new TypeError('x');
    expect(peerFailure({ message: 'T.' })(bug)).toBe(bug);
  });
});
