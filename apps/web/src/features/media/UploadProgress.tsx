import ProgressBar from 'react-bootstrap/ProgressBar';

/**
 * An upload's progress bar: the named element is the one with role="progressbar" and
 * aria-valuenow (react-bootstrap puts a plain ProgressBar's own props on its wrapper).
 */
export function UploadProgress({
  percent,
  label,
  testId,
}: {
  percent: number;
  /** Accessible name, e.g. 'Question Image upload progress'. */
  label: string;
  testId?: string;
}) {
  return (
    <ProgressBar data-testid={testId}>
      <ProgressBar now={percent} label={`${percent}%`} aria-label={label} />
    </ProgressBar>
  );
}
