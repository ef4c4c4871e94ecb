import { render, screen } from '@testing-library/react';
import { MathText } from './MathText';
import { splitMath } from './math-segments';

describe('splitMath', () => {
  it('splits inline and display LaTeX from text', () => {
    expect(splitMath('Give \\(\\frac{1}{2}\\) mL. \\[x=2\\] done')).toEqual([
      { kind: 'text', text: 'Give ' },
      { kind: 'math', latex: '\\frac{1}{2}', display: false },
      { kind: 'text', text: ' mL.' },
      { kind: 'math', latex: 'x=2', display: true },
      { kind: 'text', text: 'done' },
    ]);
  });
});

it('drops the spaces around display math (it is its own block)', () => {
  expect(splitMath('Then: \\[x=2\\] The pump')).toEqual([
    { kind: 'text', text: 'Then:' },
    { kind: 'math', latex: 'x=2', display: true },
    { kind: 'text', text: 'The pump' },
  ]);
});

describe('MathText', () => {
  it('renders KaTeX with MathML for screen readers', () => {
    const { container } = render(<MathText text={'Half is \\(\\frac{1}{2}\\).'} />);
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelector('math')).not.toBeNull();
  });

  it('never renders HTML from the text itself', () => {
    const { container } = render(<MathText text={'<img src=x onerror=alert(1)> and \\(x\\)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
  });

  it('shows a broken formula as source with the error', () => {
    render(<MathText text={'\\(\\frac{1}{\\)'} />);
    const code = screen.getByText('\\(\\frac{1}{\\)');
    expect(code.tagName).toBe('CODE');
    expect(code).toHaveAttribute('title', expect.stringContaining('KaTeX'));
  });
});
