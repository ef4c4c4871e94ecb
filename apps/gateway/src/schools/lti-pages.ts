/**
 * The few HTML answers of the LTI endpoints (ADR 0040): an LMS posts a launch to us as a browser
 * navigation, so a refused launch is a page a person reads, not JSON. No script, no external
 * asset, every text escaped.
 */
import { RpcCallError } from '@examprep/nest-kit';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A page saying why an LTI request was refused and what to do. */
export function ltiErrorPage(title: string, message: string, code: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – ExamPrep</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><small>Code: ${escapeHtml(code)}</small></p>
</main>
</body>
</html>
`;
}

/** What a failed call to the schools service becomes on a page: its status, code and text. */
export function refusalOf(err: unknown): { status: number; code: string; message: string } {
  if (err instanceof RpcCallError && err.payload.status < 500) {
    return { status: err.payload.status, code: err.payload.code, message: err.payload.message };
  }
  if (err instanceof RpcCallError) {
    return {
      status: err.payload.status,
      code: err.payload.code,
      message: 'ExamPrep cannot take this launch right now. Please try again in a minute.',
    };
  }
  throw err;
}
