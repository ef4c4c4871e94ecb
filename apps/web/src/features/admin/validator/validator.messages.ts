import { SANITIZER_MESSAGES } from '@examprep/validation';

/** Texts of /validator-test (admin spec §2.2, §5, §8). */
export const VALIDATOR_MESSAGES = {
  title: 'Input Sanitization Validator Test',
  intro:
    'Try how the server sanitizes input of each type. Output is shown as text, never run as HTML.',
  typeLabel: 'Input Type',
  inputLabel: 'Input',
  counter: (length: number, limit: number) =>
    `${length.toLocaleString('en-US')} characters (limit for this type: ${limit.toLocaleString('en-US')})`,
  test: 'Test Sanitization',
  testing: 'Testing…',
  clear: 'Clear',
  emptyInput: SANITIZER_MESSAGES.emptyInput,
  failed: (status: number) => `Failed to sanitize input: ${status}`,
  quickTitle: 'Quick Test Cases',
  quickHelp: 'Fills in the type and the input and runs the test.',
  resultTitle: 'Result',
  valid: 'Valid',
  invalid: 'Invalid',
  typeTerm: 'Type',
  modifiedTerm: 'Modified',
  yes: 'Yes',
  no: 'No',
  lengthTerm: 'Length change',
  length: (from: number, to: number) => {
    const delta = to - from;
    const signed = delta > 0 ? `+${delta}` : String(delta);
    return `${from} → ${to} (${signed})`;
  },
  original: 'Original',
  sanitized: 'Sanitized Output',
  emptyValue: '(empty)',
  whatChangedTitle: 'What Changed',
  nothingChanged: 'Nothing changed.',
  howTitle: 'How It Works',
} as const;
