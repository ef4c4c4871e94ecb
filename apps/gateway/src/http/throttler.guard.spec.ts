import type { ExecutionContext } from '@nestjs/common';
import { ActorThrottlerGuard } from './throttler.guard';

class ProductsController {
  list() {}
  buy() {}
}

function contextOf(handler: () => void): ExecutionContext {
  return {
    getClass: () => ProductsController,
    getHandler: () => handler,
  } as unknown as ExecutionContext;
}

describe('ActorThrottlerGuard keys', () => {
  const guard = Object.create(ActorThrottlerGuard.prototype) as ActorThrottlerGuard;
  const key = (handler: () => void, tracker: string, name = 'default') =>
    (
      guard as unknown as {
        generateKey(c: ExecutionContext, suffix: string, name: string): string;
      }
    ).generateKey(contextOf(handler), tracker, name);
  const { list, buy } = ProductsController.prototype;

  it('counts per route, throttler and caller, as the library does, in plain text', () => {
    expect(key(list, 'user:u1')).toBe('ProductsController-list-default-user:u1');
    const keys = [
      key(list, 'user:u1'),
      key(list, 'user:u2'),
      key(buy, 'user:u1'),
      key(list, 'user:u1', 'burst'),
      key(list, 'ip:127.0.0.1'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tells the signed-in user apart from an anonymous caller by address', async () => {
    const tracker = (req: object) =>
      (guard as unknown as { getTracker(r: object): Promise<string> }).getTracker(req);
    await expect(tracker({ actor: { uid: 'u1' }, ip: '10.0.0.1' })).resolves.toBe('user:u1');
    await expect(tracker({ actor: null, ip: '10.0.0.1' })).resolves.toBe('ip:10.0.0.1');
  });
});
