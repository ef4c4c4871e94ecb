import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('returns the first truthy value', async () => {
    let n = 0;
    await expect(
      waitFor(() => (++n >= 3 ? `done after ${n}` : undefined), { intervalMs: 1 }),
    ).resolves.toBe('done after 3');
  });

  it('treats a throw as "not yet"', async () => {
    let n = 0;
    const value = await waitFor(
      async () => {
        if (++n < 2) throw new Error('boom');
        return 42;
      },
      { intervalMs: 1 },
    );
    expect(value).toBe(42);
  });

  it('times out naming the condition and the last error', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('still down');
        },
        { timeoutMs: 30, intervalMs: 5, description: 'the server' },
      ),
    ).rejects.toThrow(/the server not met after 30 ms .*still down/);
  });

  it('times out on falsy results too', async () => {
    await expect(waitFor(() => false, { timeoutMs: 20, intervalMs: 5 })).rejects.toThrow(
      /condition not met/,
    );
  });
});
