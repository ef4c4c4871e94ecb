import { type SanitizeType } from './sanitize.types';

export interface QuickTestCase {
  readonly label: string;
  readonly type: SanitizeType;
  readonly input: string;
}

/** The tester's quick test cases (admin spec §2.2), in the order the page lists them. */
export const QUICK_TEST_CASES: readonly QuickTestCase[] = [
  { label: 'Math: inequalities', type: 'math', input: 'x ≤ 10 and y ≥ 2, so 3 < x + y > 1' },
  { label: 'Math: plus-minus', type: 'math', input: 'x = 5 ± √4' },
  { label: 'Attack: script tag', type: 'general', input: '<script>alert("XSS")</script>Hello' },
  { label: 'Attack: image onerror', type: 'general', input: '<img src="x" onerror="alert(1)">' },
  {
    label: 'Attack: JavaScript URL',
    type: 'general',
    input: '<a href="javascript:alert(1)">Click me</a>',
  },
  { label: 'Math: HTML in answer', type: 'math', input: '<b>2</b> + <i>3</i> = 5' },
  { label: 'Email: valid', type: 'email', input: '  Student.Name@Example.COM ' },
  {
    label: 'Email: attack',
    type: 'email',
    input: 'student@example.com<script>alert(1)</script>',
  },
  {
    label: 'Contact message',
    type: 'contact',
    input: "Hello! I'd like to know more about the TEAS Math QBank. Is tutoring available?",
  },
  { label: 'Long input (1000 characters)', type: 'math', input: '1234567890'.repeat(100) },
];
