/** A text split into plain runs and LaTeX runs (\( \) inline, \[ \] display; admin spec §2.3). */
export type MathPart =
  { kind: 'text'; text: string } | { kind: 'math'; latex: string; display: boolean };

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
  // Display math is its own block: spaces around it would show as a stray indent.
  return parts
    .map((part, i) => {
      if (part.kind !== 'text') return part;
      let t = part.text;
      const prev = parts[i - 1];
      const next = parts[i + 1];
      if (prev?.kind === 'math' && prev.display) t = t.replace(/^[ \t]+/, '');
      if (next?.kind === 'math' && next.display) t = t.replace(/[ \t]+$/, '');
      return { kind: 'text' as const, text: t };
    })
    .filter((part) => part.kind !== 'text' || part.text !== '');
}
