import Button from 'react-bootstrap/Button';
import { useId, type MouseEvent } from 'react';
import { SIMULATIONS_MESSAGES as T } from './simulations.messages';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export interface KeypadProps {
  /** Time mode: every key disabled and the reason shown and announced. */
  locked: boolean;
  /** The latest note (a 5th digit ignored, a field set or cleared): a polite live region. */
  note: string;
  onDigit: (digit: string) => void;
  onClear: () => void;
  onEnter: () => void;
}

// A mouse press on a key leaves the focus in the field being typed into.
const keepFieldFocus = (e: MouseEvent) => e.preventDefault();

/** The pump's keypad (learner spec §2, §9): digits 0–9, Clear and Enter. */
export function Keypad({ locked, note, onDigit, onClear, onEnter }: KeypadProps) {
  const noteId = useId();
  const key = (label: string, name: string, onClick: () => void, className = '') => (
    <Button
      key={name}
      variant="light"
      className={`pump-key border ${className}`}
      aria-label={name}
      disabled={locked}
      onMouseDown={keepFieldFocus}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  return (
    <div className="pump-keypad" role="group" aria-label={T.keypadLabel} aria-describedby={noteId}>
      <div className="pump-keypad-grid">
        {DIGITS.map((d) => key(d, T.keyDigit(d), () => onDigit(d)))}
        {key('C', T.keyClear, onClear, 'pump-key-clear')}
        {key('0', T.keyDigit('0'), () => onDigit('0'))}
        {key('↵', T.keyEnter, onEnter, 'pump-key-enter')}
      </div>
      <p
        id={noteId}
        className="pump-keypad-note small mb-0"
        aria-live="polite"
        data-testid="keypad-note"
      >
        {locked ? T.keypadLocked : note}
      </p>
    </div>
  );
}
