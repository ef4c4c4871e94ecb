import { act, render, screen } from '@testing-library/react';
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
  it('renders KaTeX (with MathML), and gives assistive technology the formula as text', () => {
    const { container } = render(<MathText text={'Half is \\(\\frac{1}{2}\\).'} />);
    const katex = container.querySelector('.katex');
    expect(katex).not.toBeNull();
    expect(container.querySelector('math')).not.toBeNull();
    // read once, as text: KaTeX's markup is hidden, its text alternative is not
    expect(katex?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(container.querySelector('.visually-hidden')).toHaveTextContent(/^1 over 2$/);
  });

  it('names a choice whose label is only a formula (browsers do not read MathML there)', () => {
    render(
      <>
        <label>
          <input type="checkbox" />
          <MathText as="span" text={'\\(\\frac{1}{2}\\)'} />
        </label>
        <label>
          <input type="radio" />
          <MathText as="span" text={'Give \\(0.5\\,\\text{mL}\\) now'} />
        </label>
      </>,
    );
    expect(screen.getByRole('checkbox', { name: '1 over 2' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Give 0.5 mL now' })).toBeInTheDocument();
  });

  it('never renders HTML from the text itself', () => {
    const { container } = render(<MathText text={'<img src=x onerror=alert(1)> and \\(x\\)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
  });

  it('renders hostile LaTeX inertly: no link, image or script, a macro bomb as source', () => {
    const { container } = render(
      <MathText
        text={
          '\\(\\href{javascript:alert(1)}{go}\\) \\(\\includegraphics{https://evil.example/x.png}\\) \\(\\def\\a{\\a\\a}\\a\\)'
        }
      />,
    );
    expect(container.querySelector('a, img, script, [href], [src]')).toBeNull();
    const bomb = screen.getByText('\\(\\def\\a{\\a\\a}\\a\\)');
    expect(bomb.tagName).toBe('CODE');
    expect(bomb).toHaveAttribute('title', expect.stringContaining('Too many expansions'));
  });

  it('shows a broken formula as source with the error', () => {
    render(<MathText text={'\\(\\frac{1}{\\)'} />);
    const code = screen.getByText('\\(\\frac{1}{\\)');
    expect(code.tagName).toBe('CODE');
    expect(code).toHaveAttribute('title', expect.stringContaining('KaTeX'));
  });
});

describe('MathText display formulas on a narrow screen', () => {
  const LABEL = 'Formula, scroll sideways to read it all';
  const HEPARIN =
    'As one chain: \\[\\frac{18\\,\\text{units}}{\\text{kg} \\cdot \\text{hr}} \\times 87\\,\\text{kg} \\times \\frac{500\\,\\text{mL}}{25{,}000\\,\\text{units}} = 31.32\\,\\text{mL/hr}\\] Rounded.';
  let widths = { scroll: 300, client: 300 };
  let resized: (() => void) | undefined;

  beforeEach(() => {
    widths = { scroll: 300, client: 300 };
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => widths.scroll);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => widths.client);
    // jsdom has no layout: a ResizeObserver whose callback the test calls.
    globalThis.ResizeObserver = class {
      constructor(cb: () => void) {
        resized = cb;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });

  it('renders display math in a block whose KaTeX line may break (after = and ×)', () => {
    const { container } = render(<MathText text={HEPARIN} />);
    const block = container.querySelector('.app-math-display');
    expect(block?.querySelector('.katex-display')).not.toBeNull();
    // KaTeX splits the chain after each relation/operator: the boxes the line breaks between
    expect(block?.querySelectorAll('.katex-html > .base')).toHaveLength(4);
  });

  it('a formula that fits is not a tab stop', () => {
    render(<MathText text={HEPARIN} />);
    expect(screen.queryByRole('group', { name: LABEL })).not.toBeInTheDocument();
    expect(document.querySelector('.app-math-display')).not.toHaveAttribute('tabindex');
  });

  it('a formula wider than its box is a focusable, named group (keyboard can scroll it)', () => {
    widths = { scroll: 491, client: 343 };
    render(
      <MathText text={'\\[\\frac{12345678901234567890123456789012345678901234567890}{2}\\]'} />,
    );
    const group = screen.getByRole('group', { name: LABEL });
    expect(group).toHaveAttribute('tabindex', '0');
    expect(group).toHaveClass('app-math-display');
    group.focus();
    expect(group).toHaveFocus();
  });

  it('measures again when the screen changes (a phone turned to landscape)', () => {
    widths = { scroll: 491, client: 343 };
    render(<MathText text={HEPARIN} />);
    expect(screen.getByRole('group', { name: LABEL })).toBeInTheDocument();
    widths = { scroll: 700, client: 700 };
    act(() => resized?.());
    expect(screen.queryByRole('group', { name: LABEL })).not.toBeInTheDocument();
  });
});
