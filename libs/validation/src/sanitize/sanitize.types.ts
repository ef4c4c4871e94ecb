/** The sanitizer's input types and the POST /api/sanitize response (admin spec §7). */
export const SANITIZE_TYPES = ['math', 'contact', 'email', 'general'] as const;

export type SanitizeType = (typeof SANITIZE_TYPES)[number];

export function isSanitizeType(value: unknown): value is SanitizeType {
  return typeof value === 'string' && (SANITIZE_TYPES as readonly string[]).includes(value);
}

export interface SanitizeResult {
  readonly isValid: boolean;
  readonly error: string | null;
  readonly sanitizedValue: string;
}

export interface SanitizeResponse {
  readonly type: SanitizeType;
  readonly original: string;
  readonly wasModified: boolean;
  readonly inputLength: number;
  readonly outputLength: number;
  readonly result: SanitizeResult;
}
