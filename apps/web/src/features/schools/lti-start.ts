/**
 * Where a launch may send the browser after signing in: a path of this app only (the gateway
 * puts the launch's target there; anything else, e.g. `//evil.example` or a full URL, opens the
 * dashboard instead of leaving the app).
 */
export function safeAppPath(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return '/dashboard';
  }
  try {
    const url = new URL(value, 'https://app.invalid');
    return url.origin === 'https://app.invalid' ? `${url.pathname}${url.search}` : '/dashboard';
  } catch {
    return '/dashboard';
  }
}

export const LTI_START_MESSAGES = {
  title: 'Opening ExamPrep from your course',
  signingIn: 'Signing you in from your course…',
  failed: 'Signing in from your course did not work.',
  retry: 'Try again',
  reopen: 'If this repeats, open the link again from your course.',
} as const;
