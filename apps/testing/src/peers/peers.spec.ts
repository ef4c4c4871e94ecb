import { ErrorCodes, TEST_MESSAGES } from '@examprep/contracts';
import { RpcCallError, ServiceError } from '@examprep/nest-kit';
import { testingPeerFailure as peerFailure } from './peers';

describe('peerFailure: how a failed catalog or qbank call is answered', () => {
  it("a peer that is down or slow: the same status with 'Failed to create test. Please try again.'", () => {
    for (const [status, code] of [
      [503, ErrorCodes.SERVICE_UNAVAILABLE],
      [504, ErrorCodes.GATEWAY_TIMEOUT],
    ] as const) {
      const err = peerFailure(
        new RpcCallError({ status, code, message: 'No catalog service is answering.' }),
      );
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).payload).toEqual({
        status,
        code,
        message: TEST_MESSAGES.createFailed,
      });
    }
  });

  it('passes on anything else the peer answered, and leaves other errors alone', () => {
    const payload = { status: 400, code: 'VALIDATION_FAILED', message: 'bad' };
    expect((peerFailure(new RpcCallError(payload)) as ServiceError).payload).toEqual(payload);
    const other = new Error('boom');
    expect(peerFailure(other)).toBe(other);
  });
});
