import { type ReactNode } from 'react';

/**
 * A table's own scroll container, focusable and named (as shared/layout/ScrollTable's): on a
 * phone the table scrolls inside it, the page never sideways, and the keyboard can scroll it.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="table-responsive position-relative mb-3"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
