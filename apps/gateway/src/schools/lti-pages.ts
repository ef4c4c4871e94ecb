/**
 * The few HTML answers of the LTI endpoints (ADR 0040): an LMS posts a launch to us as a browser
 * navigation, so a refused launch is a page a person reads, not JSON. No script, no external
 * asset, every text escaped.
 */
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

/** A page for a person (the LMS shows it): its body is HTML. */
export const HTML_PAGE = {
  description: 'A page (text/html).',
  content: { 'text/html': { schema: { type: 'string' } } },
} as const;

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

/**
 * A refused LTI request: a page for a browser (its Accept names text/html: the LMS's user),
 * the usual error body ({ error, code, message }) for anything else.
 */
export function sendRefusal(
  req: FastifyRequest,
  reply: FastifyReply,
  title: string,
  err: unknown,
): void {
  const { status, code, message } = refusalOf(err);
  reply.status(status).header('Cache-Control', 'no-store');
  if (String(req.headers.accept ?? '').includes('text/html')) {
    reply.type('text/html; charset=utf-8').send(ltiErrorPage(title, message, code));
  } else {
    reply.send({ error: STATUS_CODES[status] ?? 'Error', code, message });
  }
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

/** The one script of the send page: submits its form (the button is there without script). */
const SUBMIT_SCRIPT = "document.getElementById('lms').submit();";
const SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

/**
 * The page that sends a deep linking answer to the LMS (Deep Linking 2.0 §4.2): a form POSTing
 * the signed response as `JWT` to the LMS's return URL, submitted by its one script (or the
 * button). Its Content-Security-Policy allows that script by hash and that one form action; the
 * web app's own policy allows forms to itself and Keycloak only.
 */
export function deepLinkSendPage(returnUrl: string, jwt: string): { html: string; csp: string } {
  const origin = new URL(returnUrl).origin;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sending to your course – ExamPrep</title>
</head>
<body>
<main>
<h1>Sending to your course…</h1>
<form id="lms" method="post" action="${escapeHtml(returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">
<button type="submit">Continue to your course</button>
</form>
</main>
<script>${SUBMIT_SCRIPT}</script>
</body>
</html>
`;
  const csp = [
    "default-src 'none'",
    `script-src ${SUBMIT_SCRIPT_HASH}`,
    `form-action ${origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}

/** The script of the registration page: tells the LMS the tool is done (Dynamic Registration §3.6). */
const CLOSE_SCRIPT =
  "(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');";
const CLOSE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CLOSE_SCRIPT).digest('base64')}'`;

/**
 * The page an LMS shows after a dynamic registration: what happened and what our admin does
 * next, then the close message to the LMS. It may be framed by that LMS only.
 */
export function registeredPage(
  platformName: string,
  issuer: string,
): { html: string; csp: string } {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ExamPrep registered – ExamPrep</title>
</head>
<body>
<main>
<h1>ExamPrep is registered with ${escapeHtml(platformName)}</h1>
<p>A site administrator of ExamPrep checks and activates the registration; launches from your courses work once it is active.</p>
</main>
<script>${CLOSE_SCRIPT}</script>
</body>
</html>
`;
  const csp = [
    "default-src 'none'",
    `script-src ${CLOSE_SCRIPT_HASH}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${new URL(issuer).origin}`,
  ].join('; ');
  return { html, csp };
}
