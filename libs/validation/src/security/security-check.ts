import { decodeCssEscapes, decodeHtmlEntities } from './decode-entities.util';
import { GAP, scriptUrlPattern, spacedWord } from './script-url.util';

/**
 * The security check every validator applies (learner spec §5): text with a script,
 * iframe, object, embed, link, meta, form, input, button, div, span or br tag, a
 * `javascript:` / `vbscript:` URL, a script-bearing data URI, `@import` or an inline event
 * handler is rejected. The text is checked as written and after decoding HTML character
 * references, so `&#106;avascript:` and `&lt;script&gt;` are caught too. Every pattern is
 * linear in the input length (no nested quantifiers).
 */
export const BLOCKED_TAGS = [
  'script',
  'iframe',
  'object',
  'embed',
  'link',
  'meta',
  'form',
  'input',
  'button',
  'div',
  'span',
  'br',
] as const;

export type SecurityFindingKind =
  'script-tag' | 'html-tag' | 'script-url' | 'data-uri' | 'css-import' | 'event-handler';

export interface SecurityFinding {
  readonly kind: SecurityFindingKind;
  /** The text that matched (after decoding if it was obfuscated), at most 60 characters. */
  readonly match: string;
}

export interface SecurityCheckResult {
  readonly safe: boolean;
  readonly findings: readonly SecurityFinding[];
}

/** `<script`, `</ div`, `<BR/>`: opening or closing, any case, whitespace allowed inside. */
const BLOCKED_TAG = new RegExp(
  `<${GAP}(?:\\/${GAP})?(${BLOCKED_TAGS.join('|')})(?=[\\s\\p{Cc}/>]|$)`,
  'giu',
);
/** `onerror=`, `onload =`: an `on<event>` attribute followed by `=`. */
// every DOM event handler has at least three letters after 'on' (oncut, onload, onerror);
// fewer would flag ordinary answers such as 'one = 1'
const EVENT_HANDLER = /\bon[a-z]{3,}[\s\p{Cc}]*=/giu;
const CSS_IMPORT = /@[\s\p{Cc}]*import/giu;

const DATA_SCHEME = `${spacedWord('data')}${GAP}:${GAP}`;
const SCRIPT_MIME_TYPES = [
  'text\\/html',
  'application\\/xhtml\\+xml',
  'image\\/svg\\+xml',
  '(?:text|application)\\/xml',
  '(?:text|application)\\/(?:x-)?(?:javascript|ecmascript|vbscript)',
  'text\\/x-scriptlet',
];
const SCRIPT_DATA_URI = new RegExp(`${DATA_SCHEME}(?:${SCRIPT_MIME_TYPES.join('|')})`, 'giu');
const BASE64_DATA_URI = new RegExp(
  `${DATA_SCHEME}[\\w.+\\/-]*(?:;[\\w.+-]+(?:=[\\w.+-]*)?)*;${GAP}base64${GAP},([A-Za-z0-9+\\/=\\s]*)`,
  'giu',
);
const MAX_BASE64_PAYLOAD = 100_000;
const MAX_FINDINGS = 20;
const MATCH_PREVIEW_LENGTH = 60;

type Collect = (kind: SecurityFindingKind, match: string) => void;

function scanMarkup(text: string, collect: Collect): void {
  for (const m of text.matchAll(BLOCKED_TAG)) {
    collect(m[1]?.toLowerCase() === 'script' ? 'script-tag' : 'html-tag', m[0]);
  }
  for (const m of text.matchAll(scriptUrlPattern())) collect('script-url', m[0]);
  for (const m of text.matchAll(EVENT_HANDLER)) collect('event-handler', m[0]);
  for (const m of decodeCssEscapes(text).matchAll(CSS_IMPORT)) collect('css-import', m[0]);
}

function decodeBase64(payload: string): string | null {
  try {
    return atob(payload.replace(/\s/g, '').slice(0, MAX_BASE64_PAYLOAD));
  } catch {
    return null;
  }
}

/** A base64 data URI whose decoded content itself carries markup or script. */
function carriesScript(payload: string): boolean {
  const decoded = decodeBase64(payload);
  if (decoded === null || decoded === '') return false;
  let found = false;
  scanMarkup(decoded, () => {
    found = true;
  });
  return found;
}

function scanDataUris(text: string, collect: Collect): void {
  for (const m of text.matchAll(SCRIPT_DATA_URI)) collect('data-uri', m[0]);
  for (const m of text.matchAll(BASE64_DATA_URI)) {
    if (carriesScript(m[1] ?? '')) collect('data-uri', m[0]);
  }
}

export function checkSecurity(text: string): SecurityCheckResult {
  if (text === '') return { safe: true, findings: [] };
  const findings: SecurityFinding[] = [];
  const seen = new Set<string>();
  const collect: Collect = (kind, match) => {
    const preview = match.slice(0, MATCH_PREVIEW_LENGTH);
    const key = `${kind}:${preview.toLowerCase()}`;
    if (seen.has(key) || findings.length >= MAX_FINDINGS) return;
    seen.add(key);
    findings.push({ kind, match: preview });
  };
  const decoded = decodeHtmlEntities(text);
  for (const variant of decoded === text ? [text] : [text, decoded]) {
    scanMarkup(variant, collect);
    scanDataUris(variant, collect);
  }
  return { safe: findings.length === 0, findings };
}

/** Shorthand for validators that only need the verdict. */
export function isSecure(text: string): boolean {
  return checkSecurity(text).safe;
}
