import type { ErrorCode } from '@examprep/contracts';
import { RpcCallError } from '../rpc/nats-rpc.client';
import { ServiceError } from '../rpc/rpc-error';

/** What a service answers when a peer is down or too slow; unset fields keep the peer's own. */
export interface PeerUnavailable {
  status?: number;
  code?: ErrorCode;
  message: string;
}

/**
 * A peer's failure as a service answers it, one rule for every service's PeerClient: a peer
 * that is down or did not answer in time (503/504) is `unavailable` when given (the service's
 * own sentence), anything else the peer said (400, 403, 404 …) is passed on as it is, and an
 * error that is no answer of a peer is thrown as it is.
 */
export function peerFailure(unavailable?: PeerUnavailable): (err: unknown) => unknown {
  return (err) => {
    if (!(err instanceof RpcCallError)) return err;
    const { status, code } = err.payload;
    if (unavailable && (status === 503 || status === 504))
      return new ServiceError({
        status: unavailable.status ?? status,
        code: unavailable.code ?? code,
        message: unavailable.message,
      });
    return new ServiceError(err.payload);
  };
}
