// GET /api/me/events as the web app reads it: the `me` events of a user's stream, for the specs
// of live unlock (a grant, a payment, a new dashboard reaching an open stream).
import type { Me } from '@examprep/contracts';
import { type Credentials, gatewayUrl, tokenFor } from './api';

export interface MeStream {
  /** The stream's content type (text/event-stream). */
  contentType: string | null;
  /** The data of every `me` event so far, in order. */
  events: Me[];
  /** The first event that satisfies `ok`, waiting up to `ms` for it (undefined if none came). */
  until(ok: (m: Me) => boolean, ms?: number): Promise<Me | undefined>;
  /** Closes the stream and waits for its reader to end. */
  close(): Promise<void>;
}

/** Opens `who`'s stream of session states and collects its `me` events. */
export async function openMeStream(who: Credentials): Promise<MeStream> {
  const controller = new AbortController();
  const res = await fetch(`${gatewayUrl}/api/me/events`, {
    headers: { authorization: `Bearer ${await tokenFor(who)}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const events: Me[] = [];
  const read = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += Buffer.from(value).toString();
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        if (block.includes('event: me')) events.push(JSON.parse(block.split('data: ')[1]!) as Me);
      }
    }
  })().catch(() => undefined);
  return {
    contentType: res.headers.get('content-type'),
    events,
    async until(ok, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (!events.some(ok) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return events.find(ok);
    },
    async close() {
      controller.abort();
      await read;
    },
  };
}
