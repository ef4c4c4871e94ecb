import type { Me } from '@examprep/contracts/types';
import { apiPath } from '../api/api-paths';

/** One Server-Sent Event (WHATWG HTML §9.2): its type ('message' when unnamed) and data. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental text/event-stream parser: feed it chunks as they arrive, get the complete
 * events. Lines end in CRLF, LF or CR; ':' lines are comments; multi-line data is joined
 * with '\n'; an event without data is dropped (as browsers do).
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\n|\r/.exec(this.buffer);
      if (!match) break;
      // A lone CR at the very end may be the first half of a CRLF still on its way.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      const event =
        this.data.length > 0
          ? { event: this.event || 'message', data: this.data.join('\n'), id: this.id }
          : null;
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** The stream's path, from the OpenAPI document's paths (a renamed route fails to compile). */
export const ME_EVENTS_PATH = apiPath('/api/me/events');
/** Reconnect back-off: 1 s, doubling up to 30 s, with ±20 % jitter. */
export const RECONNECT_INITIAL_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** The server pings every 25 s; a stream silent for this long is taken as dead. */
export const STREAM_IDLE_MS = 60_000;

export interface MeEventsOptions {
  /** A fresh access token; null ends the subscription (signed out). */
  getToken: () => Promise<string | null>;
  onMe: (me: Me) => void;
  url?: string;
  initialDelayMs?: number;
  maxDelayMs?: number;
  idleMs?: number;
  random?: () => number;
}

function isMe(value: unknown): value is Me {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Me>;
  return (
    typeof v.uid === 'string' &&
    (v.defaultDashboard === 'math' || v.defaultDashboard === 'design') &&
    typeof v.purchases === 'object' &&
    v.purchases !== null
  );
}

/**
 * Keeps GET /api/me/events open while signed in (the spec's live listener on the user
 * document, learner spec §4). EventSource cannot send a bearer token, so this is fetch with a
 * stream reader: every connection takes a fresh token, a stream the server ends (after 5 min)
 * is reopened at once, a failed one after a growing delay. Returns the function that stops it.
 */
export function subscribeMeEvents(options: MeEventsOptions): () => void {
  const url = options.url ?? ME_EVENTS_PATH;
  const initialDelay = options.initialDelayMs ?? RECONNECT_INITIAL_MS;
  const maxDelay = options.maxDelayMs ?? RECONNECT_MAX_MS;
  const idleMs = options.idleMs ?? STREAM_IDLE_MS;
  const random = options.random ?? Math.random;

  let stopped = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let wake: (() => void) | null = null;
  let failures = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      retryTimer = setTimeout(resolve, ms);
    });

  const delay = () => {
    const base = Math.min(maxDelay, initialDelay * 2 ** Math.min(failures, 16));
    return Math.round(base * (0.8 + 0.4 * random()));
  };

  /** One connection; true when it delivered at least one event. */
  async function connect(token: string): Promise<boolean> {
    controller = new AbortController();
    const ctl = controller;
    let idleTimer: ReturnType<typeof setTimeout> | null = null;
    const armIdle = () => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(() => ctl.abort(), idleMs);
    };
    let delivered = false;
    try {
      armIdle();
      const response = await fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: ctl.signal,
        cache: 'no-store',
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) {
        throw new Error(`${url}: HTTP ${response.status}`);
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          armIdle();
          for (const event of parser.push(decoder.decode(value, { stream: true }))) {
            delivered = true;
            if (event.event !== 'me') continue;
            try {
              const data: unknown = JSON.parse(event.data);
              if (isMe(data)) options.onMe(data);
            } catch {
              // a malformed event is skipped; the next one carries the whole state again
            }
          }
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      return delivered;
    } finally {
      if (idleTimer) clearTimeout(idleTimer);
    }
  }

  async function run() {
    while (!stopped) {
      let token: string | null;
      try {
        token = await options.getToken();
      } catch {
        token = null;
      }
      if (stopped || token === null) return;
      try {
        const delivered = await connect(token);
        // The server ends every stream after 5 minutes: reopen at once with a fresh token.
        failures = delivered ? 0 : failures + 1;
      } catch {
        if (stopped) return;
        failures += 1;
      }
      if (stopped) return;
      if (failures > 0) await sleep(delay());
    }
  }

  void run();

  return () => {
    stopped = true;
    controller?.abort();
    if (retryTimer) clearTimeout(retryTimer);
    wake?.();
  };
}
