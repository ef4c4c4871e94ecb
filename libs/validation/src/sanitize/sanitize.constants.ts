import { SANITIZE_MAX_LENGTH } from '../limits';
import { fillLimit } from '../validation-result';
import { type SanitizeType } from './sanitize.types';

/**
 * Messages of the sanitizer that the specs do not word themselves. Math and email reuse the
 * learner validators' messages (MATH_ANSWER_MESSAGES, EMAIL_MESSAGES).
 */
export const SANITIZER_MESSAGES = {
  /** Validator tester, "Test Sanitization" with an empty field (admin spec §5). */
  emptyInput: 'Please enter some input to test',
  contactTooLong: fillLimit(
    'Message too long. Maximum {n} characters allowed.',
    SANITIZE_MAX_LENGTH.contact,
  ),
  contactSecurity: 'Invalid characters detected. HTML and scripts are not allowed in messages.',
  contactInvalidCharacters: 'Messages can only contain letters, numbers and punctuation.',
  generalTooLong: fillLimit(
    'Text too long. Maximum {n} characters allowed.',
    SANITIZE_MAX_LENGTH.general,
  ),
  generalScript: 'Script content detected. Scripts are not allowed and were removed.',
} as const;

/** Names of the input types as the tester's type picker shows them (admin spec §2.2). */
export const SANITIZE_TYPE_LABELS: Readonly<Record<SanitizeType, string>> = {
  math: 'Math Answer',
  contact: 'Contact Message',
  email: 'Email Address',
  general: 'General Text',
};

/** The tester's 'How It Works' panel: what each type allows and blocks. */
export const SANITIZE_TYPE_DESCRIPTIONS: Readonly<Record<SanitizeType, string>> = {
  math:
    'Math answers allow letters, numbers, whitespace and the symbols , . - + * / ( ) ^ = < > ≤ ≥ ± ∞ √ π. ' +
    'HTML tags, scripts and JavaScript URLs are blocked: the answer is rejected and shown with them removed. ' +
    'Maximum 500 characters.',
  contact:
    'Contact messages allow letters, numbers, punctuation and whitespace. ' +
    'HTML tags, scripts and JavaScript URLs are blocked: the message is rejected and shown with them removed. ' +
    'Maximum 2,000 characters.',
  email:
    'Email addresses must have a valid format. They are trimmed and normalized to lowercase. ' +
    'HTML tags and scripts are blocked. Maximum 254 characters.',
  general:
    'General text has all HTML tags removed, including the content of script and style elements, ' +
    'and JavaScript URLs removed. Plain HTML is accepted once removed; any script is rejected. ' +
    'Maximum 10,000 characters.',
};

/** Items of the tester's 'What Changed' list (admin spec §2.2). */
export const WHAT_CHANGED_ITEMS = {
  lengthChanged: 'Length changed',
  htmlTagsRemoved: 'HTML tags removed',
  scriptContentRemoved: 'Script content removed',
  javascriptUrlsRemoved: 'JavaScript URLs removed',
} as const;

export type WhatChangedItem = (typeof WHAT_CHANGED_ITEMS)[keyof typeof WHAT_CHANGED_ITEMS];
