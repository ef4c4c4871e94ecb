import type { EntitlementsService } from './entitlements.service';
import { EntitlementsRelay, RELAY_INTERVAL_MS } from './entitlements.relay';

describe('EntitlementsRelay', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('finishes everything pending before the start at once, then what settled every 15 s', async () => {
    const relayPending = jest.fn(async () => 0);
    const sut = new EntitlementsRelay({ relayPending } as unknown as EntitlementsService);
    sut.onApplicationBootstrap();
    await Promise.resolve();
    expect(relayPending).toHaveBeenCalledTimes(1);
    const [startCutoff, startSettled] = relayPending.mock.calls[0] as unknown as [Date, Date];
    expect(startCutoff.getTime()).toBe(Date.now());
    expect(startSettled.getTime()).toBe(Date.now() - 10_000);

    await jest.advanceTimersByTimeAsync(RELAY_INTERVAL_MS);
    expect(relayPending).toHaveBeenCalledTimes(2);
    const [cutoff] = relayPending.mock.calls[1] as unknown as [Date];
    expect(cutoff.getTime()).toBe(Date.now() - 10_000);

    await sut.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(RELAY_INTERVAL_MS * 3);
    expect(relayPending).toHaveBeenCalledTimes(2);
  });

  it('does not start a pass while one runs, and survives a failed one', async () => {
    let finish!: () => void;
    const relayPending = jest
      .fn()
      .mockImplementationOnce(() => new Promise<number>((r) => (finish = () => r(0))))
      .mockRejectedValueOnce(new Error('db down'))
      .mockResolvedValue(0);
    const sut = new EntitlementsRelay({ relayPending } as unknown as EntitlementsService);
    sut.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(RELAY_INTERVAL_MS);
    expect(relayPending).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(RELAY_INTERVAL_MS);
    expect(relayPending).toHaveBeenCalledTimes(2); // rejected: logged
    await jest.advanceTimersByTimeAsync(RELAY_INTERVAL_MS);
    expect(relayPending).toHaveBeenCalledTimes(3);
    await sut.onModuleDestroy();
  });
});
