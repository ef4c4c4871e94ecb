import type { JetStreamManager, StreamInfo } from '@nats-io/jetstream';
import { waitForStreamLeader } from './stream-leader';

/** A stream info sequence: each call answers the next (an Error is thrown). */
function jsmAnswering(...answers: (Partial<StreamInfo> | Error)[]) {
  const calls: string[] = [];
  const jsm = {
    streams: {
      info: async (name: string) => {
        calls.push(name);
        const a = answers[Math.min(calls.length, answers.length) - 1];
        if (a instanceof Error) throw a;
        return a as StreamInfo;
      },
    },
  } as unknown as Pick<JetStreamManager, 'streams'>;
  return { jsm, calls };
}

describe('waitForStreamLeader', () => {
  it('returns at once for a single server (no cluster info) or a stream with a leader', async () => {
    const single = jsmAnswering({});
    await waitForStreamLeader(single.jsm, 'EVENTS');
    const led = jsmAnswering({ cluster: { name: 'c', leader: 'examprep-cluster-2' } });
    await waitForStreamLeader(led.jsm, 'EVENTS');
    expect([single.calls, led.calls]).toEqual([['EVENTS'], ['EVENTS']]);
  });

  it('polls through "no responders" and a cluster without a leader until one is elected', async () => {
    const { jsm, calls } = jsmAnswering(
      new Error('503'),
      { cluster: { name: 'c' } },
      { cluster: { name: 'c', leader: 'examprep-cluster-1' } },
    );
    await waitForStreamLeader(jsm, 'KV_test_leases', { everyMs: 1 });
    expect(calls).toEqual(['KV_test_leases', 'KV_test_leases', 'KV_test_leases']);
  });

  it('gives up after its time-out, naming the stream', async () => {
    const { jsm } = jsmAnswering({ cluster: { name: 'c' } });
    await expect(waitForStreamLeader(jsm, 'EVENTS', { timeoutMs: 20, everyMs: 5 })).rejects.toThrow(
      /^JetStream stream EVENTS has no leader after 20 ms \(no leader\)$/,
    );
  });
});
