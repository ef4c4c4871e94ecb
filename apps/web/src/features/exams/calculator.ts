/**
 * The on-screen four-function calculator of the test screens (issue 12, beyond the spec: the
 * TEAS provides one). Pure: a state and the key that was pressed give the next state, so the
 * rules are unit-tested without a screen. Immediate execution like a pocket calculator:
 * 2 + 3 × 4 = 20; '=' repeats nothing; division by zero shows 'Error' until C.
 */
export type CalculatorOperator = '+' | '−' | '×' | '÷';
export type CalculatorKey =
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '.'
  | CalculatorOperator
  | '='
  | 'C'
  | '±';

export interface CalculatorState {
  /** What the display shows. */
  display: string;
  /** The left operand waiting for the operator's right operand. */
  accumulator: number | null;
  operator: CalculatorOperator | null;
  /** The next digit starts a new number (after an operator or '='). */
  fresh: boolean;
  error: boolean;
}

export const CALCULATOR_ERROR = 'Error';
/** Digits a display holds (a pocket calculator's 12). */
export const CALCULATOR_MAX_DIGITS = 12;

export const initialCalculator: CalculatorState = {
  display: '0',
  accumulator: null,
  operator: null,
  fresh: true,
  error: false,
};

const OPERATORS: readonly string[] = ['+', '−', '×', '÷'];

export function isOperator(key: string): key is CalculatorOperator {
  return OPERATORS.includes(key);
}

/** A number as the display shows it: at most 12 significant digits, no float noise (0.1 + 0.2 → 0.3). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return CALCULATOR_ERROR;
  if (value === 0) return '0';
  const rounded = Number.parseFloat(value.toPrecision(CALCULATOR_MAX_DIGITS));
  const abs = Math.abs(rounded);
  if (abs >= 1e12 || abs < 1e-9) return rounded.toExponential(6).replace(/\.?0+e/, 'e');
  return String(rounded);
}

function apply(left: number, operator: CalculatorOperator, right: number): number {
  switch (operator) {
    case '+':
      return left + right;
    case '−':
      return left - right;
    case '×':
      return left * right;
    case '÷':
      return right === 0 ? Number.NaN : left / right;
  }
}

function digitsOf(display: string): number {
  return display.replace(/[^0-9]/g, '').length;
}

/** The next state after one key. */
export function pressKey(state: CalculatorState, key: CalculatorKey): CalculatorState {
  if (key === 'C') return initialCalculator;
  if (state.error) return state; // only C leaves 'Error'

  if (/^[0-9]$/.test(key)) {
    if (state.fresh) return { ...state, display: key, fresh: false };
    if (digitsOf(state.display) >= CALCULATOR_MAX_DIGITS) return state;
    const display =
      state.display === '0' ? key : state.display === '-0' ? `-${key}` : state.display + key;
    return { ...state, display };
  }
  if (key === '.') {
    if (state.fresh) return { ...state, display: '0.', fresh: false };
    if (state.display.includes('.')) return state;
    return { ...state, display: `${state.display}.` };
  }
  if (key === '±') {
    if (state.display === '0' || state.display === '0.') return state;
    const display = state.display.startsWith('-') ? state.display.slice(1) : `-${state.display}`;
    return { ...state, display };
  }

  const current = Number.parseFloat(state.display);
  // An operator right after another one replaces it (2 + × 3 = 6).
  if (isOperator(key) && state.fresh && state.operator !== null) {
    return { ...state, operator: key };
  }
  let value = current;
  if (state.operator !== null && state.accumulator !== null) {
    value = apply(state.accumulator, state.operator, current);
  }
  const display = formatNumber(value);
  if (display === CALCULATOR_ERROR) {
    return { ...initialCalculator, display: CALCULATOR_ERROR, error: true };
  }
  if (key === '=') {
    return { display, accumulator: null, operator: null, fresh: true, error: false };
  }
  return {
    display,
    accumulator: Number.parseFloat(display),
    operator: key as CalculatorOperator,
    fresh: true,
    error: false,
  };
}

/** Presses several keys in turn (tests, and typing a pasted expression). */
export function pressKeys(
  keys: readonly CalculatorKey[],
  from = initialCalculator,
): CalculatorState {
  return keys.reduce(pressKey, from);
}

/** A keyboard key as a calculator key (digits, . , + - * / x, = Enter, c Delete Backspace for C, n for ±). Escape is not one: it closes the calculator. */
export function keyFromKeyboard(key: string): CalculatorKey | null {
  if (/^[0-9]$/.test(key)) return key as CalculatorKey;
  switch (key) {
    case '.':
    case ',':
      return '.';
    case '+':
      return '+';
    case '-':
    case '−':
      return '−';
    case '*':
    case 'x':
    case 'X':
    case '×':
      return '×';
    case '/':
    case '÷':
      return '÷';
    case '=':
    case 'Enter':
      return '=';
    case 'Delete':
    case 'Backspace':
    case 'c':
    case 'C':
      return 'C';
    case 'n':
    case 'N':
    case '±':
      return '±';
    default:
      return null;
  }
}
