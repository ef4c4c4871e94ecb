// Two gateway replicas (ADR 0027): two processes of the built gateway started here, each on its
// own port, both counting the strict per-route limits in the JetStream key-value bucket on the
// test profile's NATS. One client alternating between them gets exactly the production limit of
// POST /api/captcha/issue (10 a minute), as through one gateway; counted per replica (before),
// each would have let 10 through.
import { randomInt } from 'node:crypto';
import { type Replica, startReplica } from '@examprep/test-kit';
import { systemCtl } from './support/system';

const LIMIT = 10; // @Throttle(perMinute(10)) on POST /api/captcha/issue
const replicas: Replica[] = [];

beforeAll(async () => {
  systemCtl('start', ['identity']);
  for (let i = 0; i < 2; i++)
    replicas.push(
      await startReplica('gateway', {
        portVar: 'PORT',
        env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' },
      }),
    );
}, 150_000);
afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
});

it('a strict limit counts across both replicas: 10 captcha challenges a minute for one address, whichever replica answers, then 429', async () => {
  const from = `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 4; i++) {
    const res = await fetch(`${replicas[i % 2]!.url}/api/captcha/issue`, {
      method: 'POST',
      headers: { 'x-forwarded-for': from },
    });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(201));
  expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429]);
  // another address is counted apart, on either replica
  const other = await fetch(`${replicas[1]!.url}/api/captcha/issue`, {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` },
  });
  expect(other.status).toBe(201);
}, 90_000);
