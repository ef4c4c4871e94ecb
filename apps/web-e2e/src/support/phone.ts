import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations of the current page, as `id: help (where)` lines. Waits
 * for the page's running CSS transitions and animations first (finished or cancelled): axe measures colour contrast
 * with the current opacity, so a modal still fading in would fail it by timing alone. The page
 * is measured scrolled to the top (and scrolled back after): axe takes a control's background
 * from what is painted at its place, so one half under the sticky navigation bar would be
 * measured against the bar's dark background, a failure of the scroll position alone.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // allSettled: an animation cancelled meanwhile (a spinner removed when its request ends)
  // rejects `finished` with an AbortError; it is over all the same
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo(0, 0);
    return at;
  });
  const results = await new AxeBuilder({ page }).analyze();
  await page.evaluate(({ x, y }) => window.scrollTo(x, y), scrolled);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** True when the page itself scrolls sideways (at 375 px nothing should). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The name MathText gives a display formula too wide for its box (it scrolls sideways). */
export const SCROLL_FORMULA_LABEL = 'Formula, scroll sideways to read it all';

/**
 * Display formulas (MathText) whose content is cut off out of reach: wider than their box and
 * not a focusable, named group the keyboard can scroll. Returns their LaTeX-free text.
 */
export async function unreachableFormulas(page: Page): Promise<string[]> {
  return page.evaluate((label) => {
    const out: string[] = [];
    for (const box of Array.from(document.querySelectorAll<HTMLElement>('.app-math-display'))) {
      if (box.scrollWidth <= box.clientWidth + 1) continue;
      const reachable =
        box.tabIndex === 0 &&
        box.getAttribute('role') === 'group' &&
        box.getAttribute('aria-label') === label;
      if (!reachable) out.push((box.textContent ?? '').slice(0, 80));
    }
    return out;
  }, SCROLL_FORMULA_LABEL);
}
