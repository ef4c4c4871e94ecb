import type { RpcErrorPayload } from '@examprep/contracts';
import { RpcCallError } from './nats-rpc.client';
import { ServiceError } from './rpc-error';

/**
 * What a call was refused with: the payload of the ServiceError a service threw in-process, or
 * of the RpcCallError a caller got over NATS (status, code, message, fields). Throws when the
 * call succeeded, and rethrows any other failure: the one helper specs use to read a refusal.
 */
export async function refusalOf(call: Promise<unknown>): Promise<RpcErrorPayload> {
  try {
    await call;
  } catch (err) {
    return payloadOfRefusal(err);
  }
  throw new Error('expected the call to be refused, but it succeeded');
}

/** The payload of a thrown ServiceError or RpcCallError; anything else is rethrown. */
export function payloadOfRefusal(err: unknown): RpcErrorPayload {
  if (err instanceof ServiceError || err instanceof RpcCallError) return err.payload;
  throw err;
}
