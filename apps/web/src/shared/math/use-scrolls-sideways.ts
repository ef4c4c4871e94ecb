import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * True while the element's content is wider than the element (it scrolls sideways). Measured
 * after render, again when the element or its content changes size (a phone turned, the
 * window resized) and when web fonts finish loading (KaTeX's fonts change every width).
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    for (const base of el.querySelectorAll('.base')) observer?.observe(base);
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    let live = true;
    fonts?.ready.then(() => {
      if (live) measure();
    });
    fonts?.addEventListener?.('loadingdone', measure);
    return () => {
      live = false;
      observer?.disconnect();
      fonts?.removeEventListener?.('loadingdone', measure);
    };
  }, [ref, content]);
  return scrolls;
}
