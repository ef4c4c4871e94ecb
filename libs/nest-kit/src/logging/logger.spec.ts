import pino from 'pino';
import { isoTimeOncePerMs } from './logger';

describe('isoTimeOncePerMs', () => {
  afterEach(() => jest.useRealTimers());

  it("writes the time field exactly as pino's isoTime does", () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T23:30:01.234Z') });
    expect(isoTimeOncePerMs()).toBe(pino.stdTimeFunctions.isoTime());
    expect(isoTimeOncePerMs()).toBe(',"time":"2026-11-24T23:30:01.234Z"');
  });

  it('follows the clock from one millisecond to the next', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T23:30:01.234Z') });
    const first = isoTimeOncePerMs();
    jest.setSystemTime(new Date('2026-11-24T23:30:01.235Z'));
    expect(isoTimeOncePerMs()).not.toBe(first);
    expect(isoTimeOncePerMs()).toBe(',"time":"2026-11-24T23:30:01.235Z"');
  });
});
