import { correlationIdFrom, currentCorrelationId, runWithCorrelationId } from './correlation';

describe('correlation id', () => {
  it('is visible inside the run, across awaits, and gone outside', async () => {
    expect(currentCorrelationId()).toBeUndefined();
    await runWithCorrelationId('abc-1', async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentCorrelationId()).toBe('abc-1');
    });
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('keeps a plain caller id and replaces anything else', () => {
    expect(correlationIdFrom('req-42')).toBe('req-42');
    expect(correlationIdFrom('bad id with spaces')).toMatch(/^[0-9a-f-]{36}$/);
    expect(correlationIdFrom('x'.repeat(500))).toMatch(/^[0-9a-f-]{36}$/);
    expect(correlationIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
