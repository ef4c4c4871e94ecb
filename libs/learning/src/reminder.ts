/**
 * The opt-in study reminder (issue 29, deliverable 4): the mail's subject, plain text and HTML
 * from today's plan, with the one-click unsubscribe link (RFC 8058). The service sends it
 * (maildev locally, SMTP in production) with `unsubscribeHeaders`.
 */
import type { PlanBlock, StudyPlan } from './types';

export interface ReminderInput {
  /** The learner's name as they set it (any text: it is cleaned for the text and escaped for the HTML). */
  name?: string;
  plan: StudyPlan;
  /** Review cards due now (may be more than today's capped review block). */
  dueReviews: number;
  /** Where the plan is (the learner's dashboard). */
  appUrl: string;
  /** The one-click unsubscribe link (a signed token in it; no login needed). */
  unsubscribeUrl: string;
}

export interface ReminderMail {
  subject: string;
  text: string;
  html: string;
}

/** Longest name used in the greeting: a longer one is cut (a name is not a place for a message). */
export const MAX_NAME_LENGTH = 60;

/**
 * The reminder for today: a greeting, the plan's summary, today's blocks, the due reviews,
 * a link to the plan and the unsubscribe link. Short and plain; every text in the HTML is
 * escaped (the name is the learner's, the objective names an admin's). Throws a RangeError
 * for a link that is not https (http only on a loopback host: maildev locally).
 */
export function reminderMail(input: ReminderInput): ReminderMail {
  const appUrl = safeUrl(input.appUrl, 'appUrl');
  const unsubscribeUrl = safeUrl(input.unsubscribeUrl, 'unsubscribeUrl');
  const name = cleanName(input.name);
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const today = input.plan.days[0];
  const blocks = today?.blocks ?? [];
  const lines = blocks.map(blockLine);
  const due = dueLine(input.dueReviews, blocks);
  const footer = 'You get this mail because you turned on study reminders.';

  const text = [
    greeting,
    '',
    input.plan.summary,
    ...(lines.length > 0 ? ['', "Today's plan:", ...lines.map((line) => `- ${line}`)] : []),
    ...(due ? ['', due] : []),
    '',
    `Open your plan: ${appUrl}`,
    '',
    '-- ',
    footer,
    `Stop them with one click: ${unsubscribeUrl}`,
    '',
  ].join('\n');

  const html = [
    '<!doctype html>',
    '<html lang="en"><body>',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(input.plan.summary)}</p>`,
    ...(lines.length > 0
      ? [
          "<p>Today's plan:</p>",
          `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
        ]
      : []),
    ...(due ? [`<p>${escapeHtml(due)}</p>`] : []),
    `<p><a href="${escapeHtml(appUrl)}">Open your plan</a></p>`,
    `<p>${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Stop study reminders</a></p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { subject: subjectOf(input.plan, blocks, input.dueReviews), text, html };
}

/**
 * The headers of RFC 8058's one-click unsubscribe: a mail client offers "unsubscribe" and
 * POSTs `List-Unsubscribe=One-Click` to the link, no page to visit. (The mail must also be
 * DKIM-signed covering these headers: the SMTP relay's job in production.)
 */
export function unsubscribeHeaders(url: string): {
  'List-Unsubscribe': string;
  'List-Unsubscribe-Post': string;
} {
  return {
    'List-Unsubscribe': `<${safeUrl(url, 'unsubscribe url')}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function subjectOf(plan: StudyPlan, blocks: readonly PlanBlock[], dueReviews: number): string {
  // No days: the exam is today or past; the summary (in the body) says which.
  if (plan.days.length === 0) return 'Your study plan';
  const minutes = blocks.reduce((sum, block) => sum + block.minutes, 0);
  const reviews = dueReviews > 0 ? `, ${plural(dueReviews, 'review')} due` : '';
  return `Today's study: ${plural(minutes, 'minute')}${reviews} (exam in ${plural(plan.daysLeft, 'day')})`;
}

function blockLine(block: PlanBlock): string {
  return `${block.name}: ${plural(block.minutes, 'minute')}, ${plural(block.questions, 'question')}`;
}

/** A line about reviews beyond today's block (it is capped at a third of the day). */
function dueLine(dueReviews: number, blocks: readonly PlanBlock[]): string | null {
  const inBlock = blocks.find((block) => block.kind === 'review')?.questions ?? 0;
  if (dueReviews <= inBlock) return null;
  return inBlock > 0
    ? `${plural(dueReviews, 'missed item')} are due for review; today's review block takes ${inBlock}.`
    : `${plural(dueReviews, 'missed item')} ${dueReviews === 1 ? 'is' : 'are'} due for review.`;
}

/** The name without control characters (no line breaks in the greeting), trimmed and cut. */
function cleanName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return [...cleaned].slice(0, MAX_NAME_LENGTH).join('').trim();
}

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The link as a normalised absolute URL: https, or http on a loopback host (maildev and the
 * local web app); anything else (javascript:, a relative path, spaces or line breaks that would
 * break a header) is a RangeError.
 */
function safeUrl(url: string, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RangeError(`${field} must be an absolute https URL, got '${url}'`);
  }
  const loopback = /^(localhost|127\.0\.0\.1|\[::1\])$|\.localhost$/.test(parsed.hostname);
  const allowed = parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback);
  if (!allowed || /[\s<>]/.test(url)) {
    throw new RangeError(`${field} must be an absolute https URL, got '${url}'`);
  }
  return parsed.href;
}

function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}
