import { type TestTimer as Timer } from '@examprep/contracts/types';
import { useEffect, useRef, useState } from 'react';
import { formatClock, minutesLeft, secondsLeft } from './test-screen.logic';
import { TESTS_MESSAGES as T } from './tests.messages';

/**
 * The TEAS timer's countdown (beyond the spec): the clock is a role="timer" element that is
 * not announced every second; a polite live region says the minutes left once per minute.
 * `onExpire` runs once at zero.
 */
export function TestTimer({ timer, onExpire }: { timer: Timer; onExpire: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef(false);
  const left = secondsLeft(timer.endsAt, now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (left === 0 && !expired.current) {
      expired.current = true;
      onExpire();
    }
  }, [left, onExpire]);
  const low = left <= 5 * 60;
  return (
    <div className="d-flex align-items-center gap-2">
      <span className="small text-body-secondary">{T.timerLabel}</span>
      <span
        role="timer"
        aria-live="off"
        aria-label={T.timerLabel}
        className={`badge fs-6 font-monospace ${low ? 'text-bg-danger' : 'text-bg-dark'}`}
      >
        {formatClock(left)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {T.timeLeftMinutes(minutesLeft(left))}
      </span>
    </div>
  );
}
