/** Math segments of a text: every \( ... \) and \[ ... \] body, in order. */
export function mathSegments(text: string): string[] {
  const out: string[] = [];
  const pattern = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;
  for (const match of text.matchAll(pattern)) out.push(match[1] ?? match[2]);
  return out;
}

/** Inline math. */
export const m = (latex: string) => `\\(${latex}\\)`;
/** Display math. */
export const dm = (latex: string) => `\\[${latex}\\]`;
/** Upright unit text inside math: \text{mL/hr}. */
export const unit = (text: string) => `\\text{${text}}`;
