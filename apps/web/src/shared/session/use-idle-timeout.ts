import { useEffect, useRef } from 'react';

/** Learner spec §9: the session ends after 30 minutes without activity. */
export const INACTIVITY_TIMEOUT_MS = 1_800_000;
const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'focus',
  'wheel',
] as const;
const CHECK_EVERY_MS = 15_000;

/** Calls `onIdle` once after `timeoutMs` without mouse, key, touch or focus activity. */
export function useIdleTimeout(
  enabled: boolean,
  onIdle: () => void,
  timeoutMs = INACTIVITY_TIMEOUT_MS,
) {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    let fired = false;
    const touch = () => {
      last = Date.now();
    };
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, touch, { capture: true, passive: true });
    const timer = window.setInterval(
      () => {
        if (!fired && Date.now() - last >= timeoutMs) {
          fired = true;
          onIdleRef.current();
        }
      },
      Math.min(CHECK_EVERY_MS, timeoutMs),
    );
    return () => {
      for (const type of ACTIVITY_EVENTS)
        window.removeEventListener(type, touch, { capture: true });
      window.clearInterval(timer);
    };
  }, [enabled, timeoutMs]);
}
