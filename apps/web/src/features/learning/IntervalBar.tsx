/**
 * A range on a scale from 0 to `max`, as a picture: the likely range as a band and the estimate
 * as a mark. It repeats the words beside it, so it is hidden from screen readers.
 */
export function IntervalBar({
  value,
  low,
  high,
  max,
  label,
}: {
  value: number;
  low: number;
  high: number;
  max: number;
  /** For tests and the picture's title (the text beside it says the same). */
  label: string;
}) {
  const at = (x: number) => `${Math.min(100, Math.max(0, (100 * x) / max))}%`;
  const width = `${Math.max(1, Math.min(100, (100 * (high - low)) / max))}%`;
  return (
    <div className="app-interval" aria-hidden="true" title={label} data-testid="interval-bar">
      <div className="app-interval-track">
        <div className="app-interval-band" style={{ left: at(low), width }} />
        <div className="app-interval-mark" style={{ left: at(value) }} />
      </div>
      <div className="d-flex justify-content-between small text-body-secondary">
        <span>0</span>
        <span>{max}</span>
      </div>
    </div>
  );
}
