import { runChecks } from './health-server';

describe('runChecks', () => {
  it('is ok only when every check passes', async () => {
    await expect(runChecks({ a: () => true, b: async () => true })).resolves.toEqual({
      status: 'ok',
      checks: { a: true, b: true },
    });
    await expect(runChecks({ a: () => true, b: () => false })).resolves.toMatchObject({
      status: 'unavailable',
    });
  });

  it('treats a throwing check as failed', async () => {
    const sut = await runChecks({
      a: () => {
        throw new Error('boom');
      },
    });
    expect(sut).toEqual({ status: 'unavailable', checks: { a: false } });
  });

  it('is ok with no checks', async () => {
    await expect(runChecks({})).resolves.toEqual({ status: 'ok', checks: {} });
  });
});
