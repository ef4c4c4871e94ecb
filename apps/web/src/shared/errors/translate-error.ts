import { ownValue } from '@examprep/contracts/types';
import { ERROR_MESSAGES, UNEXPECTED_ERROR_MESSAGE } from './error-messages';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Exact code, then the part after the last slash ('auth/wrong-password' -> 'wrong-password'). */
export function messageForCode(code: string): string | null {
  if (code === '') return null;
  // Codes come from server answers and thrown errors: own keys of the table only.
  const exact = ownValue(ERROR_MESSAGES, code);
  if (exact !== undefined) return exact;
  const slash = code.lastIndexOf('/');
  if (slash >= 0) {
    const tail = code.slice(slash + 1);
    if (tail !== '') return ownValue(ERROR_MESSAGES, tail) ?? null;
  }
  return null;
}

/**
 * A raw error message made readable: provider prefixes ('Firebase: ', 'Error: ') and a
 * trailing code in parentheses ('(auth/x).') are dropped, whitespace collapsed.
 */
export function cleanMessage(message: string): string {
  const cleaned = message
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:FirebaseError|Firebase)\s*:\s*/i, '')
    .replace(/\s*\((?:[a-z0-9-]+\/)[\w-]+\)\.?$/i, '')
    .replace(/^Error\s*:\s*/i, '')
    .trim();
  return /^error\.?$/i.test(cleaned) ? '' : cleaned;
}

/**
 * Learner spec §8 translator, in its fallback order: a plain string is returned as is; then
 * an exact code match; then a match on the part of the code after the slash; otherwise the
 * cleaned raw message, else 'An unexpected error occurred. Please try again.'
 */
export function translateError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (!isRecord(error)) return UNEXPECTED_ERROR_MESSAGE;
  if (typeof error.code === 'string') {
    const known = messageForCode(error.code);
    if (known !== null) return known;
  }
  if (typeof error.message === 'string') {
    const cleaned = cleanMessage(error.message);
    if (cleaned !== '') return cleaned;
  }
  return UNEXPECTED_ERROR_MESSAGE;
}
