import type { JetStreamManager } from '@nats-io/jetstream';

/**
 * Waits until a stream has a leader. A stream (or key-value bucket: stream `KV_<bucket>`) just
 * made with several replicas on a NATS cluster has none for a moment: a publish or put then is
 * answered "no responders" (NATS 503), and so is the stream info request. Polls the stream's
 * info every `everyMs` until it names a leader (a single server's stream has no cluster info
 * and is ready at once); throws after `timeoutMs` naming the stream (ADR 0029).
 */
export async function waitForStreamLeader(
  jsm: Pick<JetStreamManager, 'streams'>,
  stream: string,
  o: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const timeoutMs = o.timeoutMs ?? 30_000;
  const everyMs = o.everyMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const info = await jsm.streams.info(stream);
      if (!info.cluster || info.cluster.leader) return;
      last = 'no leader';
    } catch (e) {
      last = String((e as Error).message ?? e);
    }
    if (Date.now() >= deadline)
      throw new Error(`JetStream stream ${stream} has no leader after ${timeoutMs} ms (${last})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
