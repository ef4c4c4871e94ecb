import { SANITIZE_MAX_LENGTH } from '../limits';
import { hasHtmlTag, stripHtmlTags } from '../security/html-tags.util';
import { removeScriptUrls } from '../security/script-url.util';
import { checkSecurity } from '../security/security-check';
import { EMAIL_MESSAGES, normalizeEmail, validateEmail } from '../validators/email.validator';
import {
  keepMathCharacters,
  MATH_ANSWER_MESSAGES,
  validateMathAnswer,
} from '../validators/math-answer.validator';
import { invalid, VALID, type ValidationResult } from '../validation-result';
import { SANITIZER_MESSAGES } from './sanitize.constants';
import { type SanitizeResponse, type SanitizeType } from './sanitize.types';
import { stripHtml } from './strip-html.util';

/*
 * The sanitizer of admin spec §5, answering with the POST /api/sanitize shape of §7.
 *
 * What "block" means per type. The sanitized value is always computed and returned, so the
 * tester can show what would remain; isValid says whether the input may be used as typed.
 * - math: HTML (any complete tag, as well as the security check's findings) and scripts make
 *   the answer invalid with the math security message; the value shown has tags, script
 *   content and JavaScript URLs removed and only math characters kept. Then max 500, then
 *   the math character rule. `x<y` and `3 < x > 1` are inequalities, not tags.
 * - contact: the same with letters, numbers, punctuation and whitespace (plus currency signs
 *   and + = ^ | ~ `; never < or >); max 2,000.
 * - email: HTML or scripts make it invalid (email security message); then max 254, then the
 *   format of the trimmed input. The value is trimmed and lowercased.
 * - general: HTML is removed by an HTML parser and is no reason to reject; the text is
 *   invalid only when it carried script (a script tag, event handler, JavaScript URL,
 *   script data URI or @import). Script elements with their content, tags with their
 *   handlers and JavaScript URLs are removed; a data URI, @import or `onx=` in plain text
 *   stays, inert, in the escaped value. Then max 10,000. The value is HTML-escaped text.
 * Lengths count UTF-16 code units, as the tester's counter and input maxlength do. The value
 * is never truncated: a too-long input is reported, not cut.
 */

/** Letters, marks, numbers, punctuation, currency, a few ASCII symbols and whitespace. */
const CONTACT_CHARACTERS = '\\p{L}\\p{M}\\p{N}\\p{P}\\p{Sc}+=^|~`\\p{Zs}\\t\\n\\r';
const ONLY_CONTACT_CHARACTERS = new RegExp(`^[${CONTACT_CHARACTERS}]*$`, 'u');
const OTHER_CONTACT_CHARACTERS = new RegExp(`[^${CONTACT_CHARACTERS}]`, 'gu');

const MAX_PLAIN_TEXT_PASSES = 10;

/**
 * Tags, script content and JavaScript URLs out, for the plain-text types. Taking one out can
 * join the text around it into the other (`java<b>script:`, `<javascript:b>`), so both are
 * removed until neither is left; past MAX_PLAIN_TEXT_PASSES every `<` and `:` goes.
 */
function plainText(input: string): string {
  let current = input;
  for (let pass = 0; pass < MAX_PLAIN_TEXT_PASSES; pass += 1) {
    const next = stripHtmlTags(removeScriptUrls(current));
    if (next === current) return current;
    current = next;
  }
  return current.replace(/[<:]/g, '');
}

function sanitizeMath(input: string): [ValidationResult, string] {
  const check = hasHtmlTag(input) ? invalid(MATH_ANSWER_MESSAGES.security) : null;
  // dropping characters can make a tag of `<&b>`, hence the second pass
  const value = stripHtmlTags(keepMathCharacters(plainText(input)));
  return [check ?? validateMathAnswer(input, SANITIZE_MAX_LENGTH.math), value];
}

function sanitizeContact(input: string): [ValidationResult, string] {
  // `<` and `>` are not contact characters, so no tag survives; a JavaScript URL could
  const value = removeScriptUrls(plainText(input).replace(OTHER_CONTACT_CHARACTERS, ''));
  if (hasHtmlTag(input) || !checkSecurity(input).safe) {
    return [invalid(SANITIZER_MESSAGES.contactSecurity), value];
  }
  if (input.length > SANITIZE_MAX_LENGTH.contact) {
    return [invalid(SANITIZER_MESSAGES.contactTooLong), value];
  }
  if (!ONLY_CONTACT_CHARACTERS.test(input)) {
    return [invalid(SANITIZER_MESSAGES.contactInvalidCharacters), value];
  }
  return [VALID, value];
}

function sanitizeEmail(input: string): [ValidationResult, string] {
  const value = normalizeEmail(plainText(input));
  if (hasHtmlTag(input)) return [invalid(EMAIL_MESSAGES.security), value];
  return [validateEmail(input, SANITIZE_MAX_LENGTH.email), value];
}

function sanitizeGeneral(input: string): [ValidationResult, string] {
  const value = removeScriptUrls(stripHtml(input));
  const carriesScript = checkSecurity(input).findings.some((f) => f.kind !== 'html-tag');
  if (carriesScript) return [invalid(SANITIZER_MESSAGES.generalScript), value];
  if (input.length > SANITIZE_MAX_LENGTH.general) {
    return [invalid(SANITIZER_MESSAGES.generalTooLong), value];
  }
  return [VALID, value];
}

const BY_TYPE: Record<SanitizeType, (input: string) => [ValidationResult, string]> = {
  math: sanitizeMath,
  contact: sanitizeContact,
  email: sanitizeEmail,
  general: sanitizeGeneral,
};

export function sanitize(input: string, type: SanitizeType): SanitizeResponse {
  const [check, sanitizedValue] = input === '' ? [VALID, ''] : BY_TYPE[type](input);
  return {
    type,
    original: input,
    wasModified: sanitizedValue !== input,
    inputLength: input.length,
    outputLength: sanitizedValue.length,
    result: { isValid: check.isValid, error: check.error, sanitizedValue },
  };
}
