import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useEffect, useId, useState } from 'react';
import { initialCalculator, keyFromKeyboard, pressKey, type CalculatorKey } from './calculator';
import { TESTS_MESSAGES as T } from './tests.messages';

const ROWS: CalculatorKey[][] = [
  ['C', '±', '÷'],
  ['7', '8', '9', '×'],
  ['4', '5', '6', '−'],
  ['1', '2', '3', '+'],
  ['0', '.', '='],
];

/**
 * The on-screen four-function calculator (the TEAS provides one): a small dialog, usable with the mouse, touch and the keyboard (keys typed while it has focus).
 * Its display is a polite live region so a screen reader hears the result.
 */
export function Calculator({ show, onHide }: { show: boolean; onHide: () => void }) {
  const [state, setState] = useState(initialCalculator);
  const ids = useId();
  const press = (key: CalculatorKey) => setState((s) => pressKey(s, key));
  // While open, keys typed anywhere in it (focus is held inside the dialog) press its keys.
  useEffect(() => {
    if (!show) return;
    const onKeyDown = (e: KeyboardEvent) => {
      // Enter / space on a focused button press that button.
      if ((e.key === 'Enter' || e.key === ' ') && e.target instanceof HTMLButtonElement) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const key = keyFromKeyboard(e.key);
      if (key) {
        e.preventDefault();
        setState((s) => pressKey(s, key));
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show]);
  return (
    <Modal
      show={show}
      onHide={onHide}
      size="sm"
      aria-labelledby={`${ids}-title`}
      className="app-calculator"
    >
      <Modal.Header closeButton>
        <Modal.Title id={`${ids}-title`} as="h2" className="h5">
          {T.calculatorTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <output
          className="d-block form-control form-control-lg text-end font-monospace mb-3"
          aria-label={T.calculatorDisplay}
          aria-live="polite"
          data-testid="calculator-display"
        >
          {state.display}
        </output>
        <div className="d-grid gap-2" style={{ gridTemplateColumns: 'repeat(4, 1fr)' }}>
          {ROWS.flat().map((key) => (
            <Button
              key={key}
              variant={/[0-9.]/.test(key) ? 'light' : key === '=' ? 'primary' : 'secondary'}
              className={`border py-2 fs-5${key === '0' ? ' app-calc-wide' : ''}`}
              style={key === '0' || key === 'C' ? { gridColumn: 'span 2' } : undefined}
              aria-label={T.calculatorKeys[key] ?? key}
              onClick={() => press(key)}
            >
              {key}
            </Button>
          ))}
        </div>
        <p className="small text-body-secondary mt-3 mb-0">{T.calculatorHint}</p>
      </Modal.Body>
    </Modal>
  );
}
