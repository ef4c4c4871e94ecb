import 'katex/dist/katex.min.css';
import { memo, useMemo, useRef } from 'react';
import { MATH_MESSAGES as T } from './math.messages';
import { splitMath } from './math-segments';
import { mathTextAlternative } from './math-text-alternative';
import { renderLatex } from './render-latex';
import { useScrollsSideways } from './use-scrolls-sideways';

/**
 * Text with LaTeX in \( \) and \[ \], rendered by KaTeX. Plain runs are React text (never
 * HTML); KaTeX output is its own safe markup (render-latex.ts: trust off, no \href/\url to javascript:,
 * bounded length, nesting, macro expansion and sizes). A
 * formula that does not parse is shown as its source in red with the error as a title, so
 * an editor sees the mistake and a learner still sees the text. Import it lazily (KaTeX is
 * large): `lazy(() => import('.../MathText'))` or use it inside an already lazy page.
 *
 * On a phone a display formula is read, never clipped: see `DisplayMath`.
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
        if (part.display) return <DisplayMath key={i} latex={part.latex} html={rendered.html} />;
        return (
          // relative: holds the visually hidden text where the formula is
          <span key={i} className="position-relative">
            <Katex latex={part.latex} html={rendered.html} />
          </span>
        );
      })}
    </Tag>
  );
});

/**
 * A display formula (\[ \]). A long one breaks across lines after its relations and
 * operators (=, ×, +), as inline math does, so a dosage chain fits a 375 px screen (styles.css
 * `.app-math-display`). One that still does not fit (a single very long term) scrolls sideways
 * inside its own box, which is then a named, keyboard-focusable group with a focus ring, so
 * nothing is cut off out of reach (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
function DisplayMath({ latex, html }: { latex: string; html: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const scrolls = useScrollsSideways(ref, html);
  return (
    <span
      ref={ref}
      className="app-math-display"
      {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': T.scrollFormula } : {})}
    >
      <Katex latex={latex} html={html} block />
    </span>
  );
}

/**
 * KaTeX's markup for the eyes, and for assistive technology the formula as text
 * (math-text-alternative.ts): browsers do not name a choice from the MathML in its label, so a
 * formula-only choice would otherwise have no name at all.
 */
function Katex({ latex, html, block }: { latex: string; html: string; block?: boolean }) {
  return (
    <>
      <span className="visually-hidden">{mathTextAlternative(latex)}</span>
      <span
        aria-hidden="true"
        className={block ? 'd-block' : undefined}
        // KaTeX markup from our own renderer with trust disabled (no raw HTML passes).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

export default MathText;
