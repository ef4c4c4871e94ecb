import 'katex/dist/katex.min.css';
import katex from 'katex';
import { memo, useMemo } from 'react';
import { splitMath } from './math-segments';

/**
 * Text with LaTeX in \( \) and \[ \], rendered by KaTeX. Plain runs are React text (never
 * HTML); KaTeX output is its own safe markup (trust off, no \href/\url to javascript:). A
 * formula that does not parse is shown as its source in red with the error as a title, so
 * an editor sees the mistake and a learner still sees the text. Import it lazily (KaTeX is
 * large): `lazy(() => import('.../MathText'))` or use it inside an already lazy page.
 */
export const MathText = memo(function MathText({
  text,
  className,
  as: Tag = 'div',
}: {
  text: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  const parts = useMemo(() => splitMath(text), [text]);
  return (
    <Tag className={className} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) => {
        if (part.kind === 'text') return <span key={i}>{part.text}</span>;
        const rendered = renderLatex(part.latex, part.display);
        if (rendered.error) {
          return (
            <code key={i} className="text-danger" title={rendered.error}>
              {part.display ? `\\[${part.latex}\\]` : `\\(${part.latex}\\)`}
            </code>
          );
        }
        return (
          <span
            key={i}
            className={part.display ? 'd-block overflow-x-auto py-1' : undefined}
            // KaTeX markup from our own renderer with trust disabled (no raw HTML passes).
            dangerouslySetInnerHTML={{ __html: rendered.html }}
          />
        );
      })}
    </Tag>
  );
});

function renderLatex(latex: string, display: boolean): { html: string; error?: string } {
  try {
    return {
      html: katex.renderToString(latex, {
        displayMode: display,
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        output: 'htmlAndMathml',
      }),
    };
  } catch (err) {
    return { html: '', error: (err as Error).message };
  }
}

export default MathText;
