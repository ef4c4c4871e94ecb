import {
  formatNumber,
  initialCalculator,
  keyFromKeyboard,
  pressKey,
  pressKeys,
  type CalculatorKey,
} from './calculator';

const keys = (s: string) => [...s] as CalculatorKey[];
const run = (s: string) => pressKeys(keys(s)).display;

describe('four-function calculator', () => {
  it('starts at 0 and types digits', () => {
    expect(initialCalculator.display).toBe('0');
    expect(run('0012')).toBe('12');
  });

  it('adds, subtracts, multiplies and divides', () => {
    expect(run('12+30=')).toBe('42');
    expect(run('5−8=')).toBe('-3');
    expect(run('2.5×4=')).toBe('10');
    expect(run('1÷8=')).toBe('0.125');
  });

  it('chains left to right like a pocket calculator (2 + 3 × 4 = 20)', () => {
    expect(run('2+3×4=')).toBe('20');
    expect(pressKeys(keys('2+3×')).display).toBe('5');
  });

  it('an operator right after another replaces it', () => {
    expect(run('2+×3=')).toBe('6');
  });

  it('one decimal point per number; a leading point reads 0.', () => {
    expect(run('.5')).toBe('0.5');
    expect(run('1..2.3')).toBe('1.23');
  });

  it('no floating-point noise: 0.1 + 0.2 = 0.3', () => {
    expect(run('.1+.2=')).toBe('0.3');
  });

  it('± changes the sign of the number being typed, not of 0', () => {
    expect(run('±')).toBe('0');
    expect(run('5±')).toBe('-5');
    expect(run('5±±')).toBe('5');
    expect(run('5±+2=')).toBe('-3');
  });

  it('division by zero shows Error until C', () => {
    const err = pressKeys(keys('4÷0='));
    expect(err.display).toBe('Error');
    expect(err.error).toBe(true);
    expect(pressKey(err, '7').display).toBe('Error');
    expect(pressKey(err, 'C')).toEqual(initialCalculator);
  });

  it('C clears everything', () => {
    expect(pressKeys([...keys('12+3'), 'C'])).toEqual(initialCalculator);
  });

  it('after = a digit starts a new number; an operator continues with the result', () => {
    expect(run('2+3=7')).toBe('7');
    expect(run('2+3=×2=')).toBe('10');
  });

  it('the display holds at most 12 digits', () => {
    expect(run('1234567890123456')).toBe('123456789012');
  });

  it('formats large and tiny results in exponent form', () => {
    expect(formatNumber(1e15)).toBe('1e+15');
    expect(formatNumber(1 / 3)).toBe('0.333333333333');
  });

  it('maps the keyboard', () => {
    expect(keyFromKeyboard('7')).toBe('7');
    expect(keyFromKeyboard('*')).toBe('×');
    expect(keyFromKeyboard('/')).toBe('÷');
    expect(keyFromKeyboard('-')).toBe('−');
    expect(keyFromKeyboard('Enter')).toBe('=');
    expect(keyFromKeyboard('Delete')).toBe('C');
    expect(keyFromKeyboard('Escape')).toBeNull();
    expect(keyFromKeyboard('a')).toBeNull();
  });
});
