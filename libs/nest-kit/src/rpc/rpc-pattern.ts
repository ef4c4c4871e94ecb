import { MessagePattern } from '@nestjs/microservices';
import type { RpcHandler, RpcSubject } from '@examprep/contracts';

/**
 * `@MessagePattern(subject)` whose handler the compiler checks against RpcMap
 * (libs/contracts): its parameter must accept the subject's request and it must answer the
 * subject's reply, so a handler that takes or returns the wrong shape does not compile.
 * Services use this instead of `@MessagePattern` (a lint rule says so).
 */
export function RpcPattern<S extends RpcSubject>(subject: S) {
  const pattern = MessagePattern(subject);
  return <H extends RpcHandler<S>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    pattern(target, key, descriptor);
  };
}
