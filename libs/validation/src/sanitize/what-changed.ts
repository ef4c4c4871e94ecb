import { hasHtmlTag } from '../security/html-tags.util';
import {
  checkSecurity,
  type SecurityFinding,
  type SecurityFindingKind,
} from '../security/security-check';
import { WHAT_CHANGED_ITEMS, type WhatChangedItem } from './sanitize.constants';

const TAG_KINDS: readonly SecurityFindingKind[] = ['script-tag', 'html-tag'];
const SCRIPT_KINDS: readonly SecurityFindingKind[] = [
  'script-tag',
  'event-handler',
  'data-uri',
  'css-import',
];

/** Some kind in `kinds` was found before and is gone after. */
function removed(
  before: ReadonlySet<SecurityFindingKind>,
  after: ReadonlySet<SecurityFindingKind>,
  kinds: readonly SecurityFindingKind[],
): boolean {
  return kinds.some((kind) => before.has(kind) && !after.has(kind));
}

/**
 * The tester's 'What Changed' list: what the sanitizer took out of `original` to give
 * `sanitized`. `findings` are the security check's findings on the original (computed when
 * not given). Nothing is listed when the text did not change.
 */
export function whatChanged(
  original: string,
  sanitized: string,
  findings: readonly SecurityFinding[] = checkSecurity(original).findings,
): WhatChangedItem[] {
  if (original === sanitized) return [];
  const before = new Set(findings.map((f) => f.kind));
  const after = new Set(checkSecurity(sanitized).findings.map((f) => f.kind));
  const items: WhatChangedItem[] = [];
  if (original.length !== sanitized.length) items.push(WHAT_CHANGED_ITEMS.lengthChanged);
  const tagsGone = hasHtmlTag(original) && !hasHtmlTag(sanitized);
  if (tagsGone || removed(before, after, TAG_KINDS)) {
    items.push(WHAT_CHANGED_ITEMS.htmlTagsRemoved);
  }
  if (removed(before, after, SCRIPT_KINDS)) items.push(WHAT_CHANGED_ITEMS.scriptContentRemoved);
  if (removed(before, after, ['script-url'])) items.push(WHAT_CHANGED_ITEMS.javascriptUrlsRemoved);
  return items;
}
