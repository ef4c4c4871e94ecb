/**
 * `javascript:` and `vbscript:` URLs, spelled the way browsers still accept them: any case,
 * with whitespace or control characters between the letters (`java\tscript:`), since URL
 * parsing drops tabs and newlines.
 */
export const GAP = '[\\s\\p{Cc}]*';

/** A regex source matching `word` with a gap allowed between its letters. */
export function spacedWord(word: string): string {
  return word.split('').join(GAP);
}

const SCRIPT_SCHEME = `(?:${spacedWord('javascript')}|${spacedWord('vbscript')})${GAP}:`;

export function scriptUrlPattern(): RegExp {
  return new RegExp(SCRIPT_SCHEME, 'giu');
}

/** After this many removal passes the fallback below is used (only nested attacks get there). */
const MAX_REMOVAL_PASSES = 20;

/**
 * Removes every `javascript:` / `vbscript:` scheme. Removal repeats because taking one out
 * can join the text around it into a new one (`javajavascript:script:`). Past
 * MAX_REMOVAL_PASSES the remaining schemes lose their letters' gaps and every colon after
 * them, which cannot form a new scheme, so the result is always free of them.
 */
export function removeScriptUrls(text: string): string {
  let current = text;
  for (let pass = 0; pass < MAX_REMOVAL_PASSES; pass += 1) {
    const next = current.replace(scriptUrlPattern(), '');
    if (next === current) return current;
    current = next;
  }
  const withTrailing = new RegExp(`${SCRIPT_SCHEME}[\\s\\p{Cc}:]*`, 'giu');
  return current.replace(withTrailing, (found) => found.replace(/[\s\p{Cc}:]/gu, ''));
}
