import { useEffect, useRef, useState } from 'react';
import type { ExportProgress } from './streamed-export';

/**
 * A streamed export a screen runs (ADR 0026): one at a time, its progress (bytes and rows so
 * far, the total when known) while it runs, Cancel, and the run cancelled when the screen goes.
 * `work` fetches and saves the file, reporting progress; `failed` tells the user what went
 * wrong (`cancelled`: they pressed Cancel).
 */
export function useStreamedExport<F>(
  work: (filters: F, onProgress: (p: ExportProgress) => void, signal: AbortSignal) => Promise<void>,
  failed: (err: unknown, cancelled: boolean) => void,
) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const run = async (filters: F) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ bytes: 0, rows: 0, total: null });
    try {
      await work(filters, setProgress, controller.signal);
    } catch (err) {
      failed(err, controller.signal.aborted);
    } finally {
      running.current = null;
      setProgress(null);
    }
  };
  return { exporting: progress !== null, progress, run, cancel: () => running.current?.abort() };
}
