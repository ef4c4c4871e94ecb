import { renderHook } from '@testing-library/react';
import { INACTIVITY_TIMEOUT_MS, useIdleTimeout } from './use-idle-timeout';

describe('useIdleTimeout (learner spec §9: 30 minutes)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is 1,800,000 ms', () => expect(INACTIVITY_TIMEOUT_MS).toBe(1_800_000));

  it('fires once after 30 minutes without activity', () => {
    const onIdle = jest.fn();
    renderHook(() => useIdleTimeout(true, onIdle));
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 20_000);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(40_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'touchstart', 'focus'])('restarts the clock on %s', (type) => {
    const onIdle = jest.fn();
    renderHook(() => useIdleTimeout(true, onIdle));
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 60_000);
    window.dispatchEvent(new Event(type));
    jest.advanceTimersByTime(INACTIVITY_TIMEOUT_MS - 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(120_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled (signed out)', () => {
    const onIdle = jest.fn();
    renderHook(() => useIdleTimeout(false, onIdle));
    jest.advanceTimersByTime(2 * INACTIVITY_TIMEOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
