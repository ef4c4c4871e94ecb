import { MATH_MESSAGES as T } from './math.messages';
import { KATEX_OPTIONS, LATEX_LIMITS, renderLatex } from './render-latex';

/** What a formula's markup must never contain: a link, a resource, a script, an id or data. */
function activeParts(html: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = html;
  const found: string[] = [];
  for (const el of Array.from(box.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (
      ['a', 'script', 'img', 'iframe', 'object', 'embed', 'image', 'use', 'foreignobject'].includes(
        tag,
      )
    )
      found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (
        ['href', 'src', 'xlink:href', 'action', 'formaction', 'id'].includes(name) ||
        name.startsWith('on') ||
        name.startsWith('data-') ||
        /javascript:|data:text\/html/i.test(attr.value)
      )
        found.push(`${tag}[${name}=${attr.value}]`);
    }
  }
  return found;
}

/** Renders and times one formula, inline and display. */
function timed(latex: string): { html: string; error?: string; ms: number }[] {
  return [false, true].map((display) => {
    const t0 = performance.now();
    const out = renderLatex(latex, display);
    return { ...out, ms: performance.now() - t0 };
  });
}

describe('renderLatex: the options of every formula of the app', () => {
  it('trusts nothing and bounds macro expansion and sizes', () => {
    expect(KATEX_OPTIONS).toMatchObject({
      trust: false,
      throwOnError: true,
      maxExpand: LATEX_LIMITS.maxExpand,
      maxSize: LATEX_LIMITS.maxSize,
    });
    expect(Number.isFinite(KATEX_OPTIONS.maxSize)).toBe(true);
  });

  it('still renders the formulas of the question bank', () => {
    for (const latex of [
      '\\frac{500\\,\\text{mg}}{250\\,\\text{mg}} \\times 5\\,\\text{mL} = 10\\,\\text{mL}',
      '\\dfrac{1000 \\times 60}{8 \\times 60} = 125\\ \\text{mL/h}',
      'x^2 + \\sqrt{y} \\le 3 \\ne 4',
    ]) {
      const [inline] = timed(latex);
      expect(inline.error).toBeUndefined();
      expect(inline.html).toContain('class="katex"');
    }
  });
});

describe('renderLatex: hostile formulas (question text, choices, answers, explanations)', () => {
  it.each([
    ['\\href with javascript:', '\\href{javascript:alert(1)}{click}'],
    ['\\href with data:', '\\href{data:text/html,<script>alert(1)</script>}{x}'],
    ['\\url with javascript:', '\\url{javascript:alert(document.cookie)}'],
    ['\\htmlData', '\\htmlData{onclick=alert(1), foo=bar}{x}'],
    ['\\htmlId', '\\htmlId{login}{x}'],
    ['\\htmlClass', '\\htmlClass{btn btn-danger}{x}'],
    ['\\htmlStyle', '\\htmlStyle{position:fixed;inset:0;background:url(javascript:alert(1))}{x}'],
    ['\\includegraphics', '\\includegraphics[width=1em]{https://evil.example/track.png}'],
    ['a text with markup', '\\text{<img src=x onerror=alert(1)>}'],
    ['an html tag in math', '<script>alert(1)</script>'],
  ])('%s: no link, resource, script, id or data attribute', (_name, latex) => {
    for (const { html } of timed(latex)) expect(activeParts(html)).toEqual([]);
  });

  it.each([
    ['a self-doubling macro', '\\def\\a{\\a\\a}\\a'],
    ['a recursive macro', '\\def\\a{x\\a}\\a'],
    ['a nested \\gdef', `\\gdef\\b#1{#1#1}${'\\b{'.repeat(12)}x${'}'.repeat(12)}`],
    ['\\frac nested 300 deep', `${'\\frac{'.repeat(300)}1${'}{2}'.repeat(300)}`],
    ['superscripts nested 300 deep', `x${'^{x'.repeat(300)}${'}'.repeat(300)}`],
    ['a 100,000-character formula', 'x+'.repeat(50_000)],
    ['2,000 size changes', '\\Huge x'.repeat(2000)],
  ])('%s: refused or rendered within 100 ms, never thrown', (_name, latex) => {
    for (const out of timed(latex)) {
      expect(out.ms).toBeLessThan(100);
      if (out.error) expect(out.html).toBe('');
      expect(activeParts(out.html)).toEqual([]);
    }
  });

  it('clamps huge sizes (\\rule, \\kern, line spacing) to maxSize', () => {
    for (const latex of ['\\rule{100000em}{100000em}', 'x\\kern{100000em}y', 'a\\\\[100000em]b']) {
      const [out] = timed(latex);
      expect(out.error).toBeUndefined();
      // sizes in the markup's attributes (style, MathML width); the source stays in the
      // MathML annotation as inert text
      const attrs = [...out.html.matchAll(/\s[\w-]+="([^"]*)"/g)].map((m) => m[1]).join(' ');
      const sizes = [...attrs.matchAll(/(-?[\d.]+)em/g)].map((m) => Math.abs(Number(m[1])));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(LATEX_LIMITS.maxSize + 2);
    }
  });

  it('names why a formula is shown as source', () => {
    expect(renderLatex('x'.repeat(LATEX_LIMITS.maxLength + 1), false)).toEqual({
      html: '',
      error: T.formulaTooLong,
    });
    expect(renderLatex(`${'{'.repeat(30)}x${'}'.repeat(30)}`, false)).toEqual({
      html: '',
      error: T.formulaTooDeep,
    });
    expect(renderLatex('\\def\\a{\\a\\a}\\a', false).error).toMatch(
      /KaTeX parse error: Too many expansions/,
    );
  });
});
