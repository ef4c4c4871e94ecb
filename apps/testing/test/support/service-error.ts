import { ServiceError } from '@examprep/nest-kit';

/** The RpcException payload a service call was refused with (fails the test if it was not). */
export async function errorOf(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  return payloadOf(err);
}

/** The payload of a thrown ServiceError (fails the test for anything else). */
export function payloadOf(err: unknown) {
  expect(err).toBeInstanceOf(ServiceError);
  return (err as ServiceError).payload;
}
