import { PUMP_LIMITS } from '@examprep/contracts/types';

/**
 * Web-only texts of the pump simulator (learner spec §2 Simulations, §5 Pump, §9). The
 * result texts, the preview notice and the preview refusal are the shared PUMP_MESSAGES of
 * @examprep/contracts; the control labels are the spec's own words.
 */
export const SIMULATIONS_MESSAGES = {
  // The page
  title: 'Pump Simulator',
  intro:
    'Program a two-channel IV infusion pump: generate a question, set RATE and VTBI on the keypad (or type the time in Time mode), then check your answer.',
  loadingAccess: 'Checking your access to the pump simulator...',
  accessFailed: 'Your access to the pump simulator could not be checked.',
  tryAgain: 'Try Again',
  previewLink: 'Go to the Med Dosage QBank on your dashboard',
  generateFailed: 'No question could be generated.',

  faceLabel: 'Infusion pump',
  question: 'Question',
  noQuestion: 'Press Generate Question to get a problem.',

  // Controls (spec §2)
  calculateLegend: 'What to calculate',
  calculateRate: 'Calculate Rate',
  calculateVtbi: 'Calculate VTBI',
  calculateTime: 'Calculate Time',
  timeFormatLegend: 'Time format',
  timeFormatGiven: 'Given',
  timeFormatAmPm: 'AM/PM',
  timeFormatMilitary: 'Military',
  timeFormatDisabled: 'The time format does not apply when you calculate time.',
  pumpCountLegend: 'Pump count',
  pumpSingle: 'Single',
  pumpDual: 'Dual',
  generate: 'Generate Question',
  generating: 'Generating...',
  check: 'Check Answer',
  fillField: (label: string) => `${label} is empty: fill it in before checking.`,
  checking: 'Checking...',
  resultLabel: 'Result',
  explanation: 'Explanation',

  // Channel displays
  channel: (channel: string) => `Pump ${channel}`,
  channelInactive: 'Not in use: reads 0 for a single-pump question.',
  rateUnit: 'mL/hr',
  vtbiUnit: 'mL',
  rateShort: 'RATE',
  vtbiShort: 'VTBI',
  rateLabel: (channel: string) => `Pump ${channel} rate in mL per hour`,
  vtbiLabel: (channel: string) => `Pump ${channel} volume to be infused in mL`,

  // Time inputs (spec §5: digits only, at most 2 characters)
  timeLegend: 'Time to infuse',
  hoursLabel: 'Hours',
  minutesLabel: 'Minutes',
  hoursHint: 'Digits only, at most 2, no leading zero (for example 8).',
  minutesHint: 'Two digits (for example 05 or 30).',
  programmed: 'The pump is programmed as shown: work out how long it runs.',

  // Keypad (spec §9: at most 4 digits)
  keypadLabel: 'Pump keypad',
  keyDigit: (digit: string) => `Digit ${digit}`,
  keyClear: 'Clear',
  keyEnter: 'Enter',
  keypadLocked: 'The keypad is locked in Time mode: type the hours and minutes instead.',
  keypadNoField: 'Choose a RATE or VTBI field first.',
  maxDigits: `A field takes at most ${PUMP_LIMITS.keypadMaxDigits} digits.`,
  fieldSet: (label: string, value: string) => `${label}: ${value === '' ? 'empty' : value}.`,
  fieldCleared: (label: string) => `${label} cleared.`,
} as const;
