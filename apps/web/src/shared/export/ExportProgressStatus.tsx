import Button from 'react-bootstrap/Button';
import type { ExportProgress } from './streamed-export';

/** The texts of a streamed export's progress, in the screen's own words (rows, total, KB). */
export interface ExportProgressTexts {
  exportProgress: (rows: number, total: number | null, kb: string) => string;
  cancelExport: string;
}

/**
 * A running streamed export (useStreamedExport): rows and KB so far of the total when known,
 * announced politely, and Cancel. Nothing while no export runs.
 */
export function ExportProgressStatus({
  progress,
  onCancel,
  texts,
}: {
  progress: ExportProgress | null;
  onCancel: () => void;
  texts: ExportProgressTexts;
}) {
  if (!progress) return null;
  return (
    <>
      <span className="small align-self-center" role="status" data-testid="export-progress">
        {texts.exportProgress(progress.rows, progress.total, (progress.bytes / 1024).toFixed(1))}
      </span>
      <Button size="sm" variant="outline-danger" onClick={onCancel}>
        {texts.cancelExport}
      </Button>
    </>
  );
}
