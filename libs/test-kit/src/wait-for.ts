export interface WaitForOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Pause between attempts (default 200 ms). */
  intervalMs?: number;
  /** Named in the timeout error. */
  description?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls `fn` until it returns a truthy value (which is returned) or the time is up. A throw or a
 * falsy result counts as "not yet"; on timeout the error names the last failure.
 */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 200, description = 'condition' }: WaitForOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (e) {
      lastError = e;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const why =
        lastError instanceof Error
          ? `: ${lastError.message}`
          : lastError
            ? `: ${String(lastError)}`
            : '';
      throw new Error(
        `waitFor: ${description} not met after ${timeoutMs} ms (${attempt} attempts)${why}`,
        {
          cause: lastError,
        },
      );
    }
    await sleep(Math.min(intervalMs, remaining));
  }
}
