/** What every validator returns: valid with no error, or invalid with the message to show. */
export type ValidationResult =
  | { readonly isValid: true; readonly error: null }
  | { readonly isValid: false; readonly error: string };

export const VALID: ValidationResult = Object.freeze({ isValid: true, error: null });

export function invalid(error: string): ValidationResult {
  return { isValid: false, error };
}

/** Replaces a spec message's `{n}` with the limit, written with thousands separators (2,000). */
export function fillLimit(template: string, n: number): string {
  const written = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return template.replace('{n}', written);
}
