/**
 * The abort signal of a long download: aborted by the caller's signal (Cancel) or by a stall,
 * no byte for `timeoutMs` since the last `arm()` (each piece that arrives re-arms it). A server
 * that stops answering then ends the download with a failure instead of a hang; `stalled` tells
 * the two aborts apart. `dispose()` in a finally.
 */
export interface StallWatchdog {
  readonly signal: AbortSignal;
  readonly stalled: boolean;
  arm(): void;
  dispose(): void;
}

export function stallWatchdog(outer: AbortSignal | undefined, timeoutMs: number): StallWatchdog {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  outer?.addEventListener('abort', onOuterAbort);
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    signal: controller.signal,
    get stalled() {
      return stalled;
    },
    arm() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, timeoutMs);
    },
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}
