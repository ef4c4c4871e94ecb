/** A text split into plain runs and LaTeX runs (\( \) inline, \[ \] display; admin spec §2.3). */
export type MathPart =
  | { kind: 'text'; text: string }
  | { kind: 'math'; latex: string; display: boolean };

const PATTERN = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;

export function splitMath(text: string): MathPart[] {
  const parts: MathPart[] = [];
  let last = 0;
  for (const m of text.matchAll(PATTERN)) {
    const at = m.index ?? 0;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    parts.push(
      m[1] !== undefined
        ? { kind: 'math', latex: m[1], display: false }
        : { kind: 'math', latex: m[2] ?? '', display: true },
    );
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
