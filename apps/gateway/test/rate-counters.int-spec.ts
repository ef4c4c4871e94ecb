// The shared rate counters (NatsKvRateCounters, ADR 0027) on the test profile's NATS, in a bucket
// of their own: counts across calls, and a bucket that a NATS restart lost (or that was removed)
// is made again by the next hit instead of failing every hit until the gateway restarts.
import { randomUUID } from 'node:crypto';
import { infraConfig } from '@examprep/test-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NatsKvRateCounters } from '../src/http/shared-throttler.storage';

let nc: NatsConnection;
const bucket = `it_rate_${randomUUID().slice(0, 8)}`;
beforeAll(async () => {
  nc = await connect({ servers: infraConfig('test').natsUrl, name: 'gateway-rate-counters-it' });
});
afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(`KV_${bucket}`).catch(() => undefined);
  await nc?.close();
});

it('counts the hits of a window; a lost bucket is made again and the window starts over', async () => {
  const counters = new NatsKvRateCounters(() => nc, bucket);
  const now = Date.now();
  expect((await counters.hit('k', 60_000, now)).hits).toBe(1);
  expect((await counters.hit('k', 60_000, now + 1)).hits).toBe(2);
  expect((await counters.hit('other', 60_000, now + 1)).hits).toBe(1);
  await (await jetstreamManager(nc)).streams.delete(`KV_${bucket}`);
  expect(await counters.hit('k', 60_000, now + 2)).toEqual({ hits: 1, resetAt: now + 2 + 60_000 });
  expect((await counters.hit('k', 60_000, now + 3)).hits).toBe(2);
});
