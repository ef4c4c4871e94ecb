import {
  addChecks,
  durationSeconds,
  figuresFrom,
  formatFigures,
  groupShare,
  toTarget,
} from './vegeta.mjs';

const report = {
  latencies: {
    mean: 2_371_194,
    '50th': 2_854_306,
    '90th': 3_400_000,
    '95th': 3_478_629,
    '99th': 3_530_000,
    max: 3_660_505,
    min: 120_000,
  },
  requests: 100,
  rate: 101.01,
  throughput: 96.5,
  success: 0.96,
  duration: 989_999_944,
  status_codes: { '200': 96, '429': 3, '0': 1 },
  errors: ['Get "http://127.0.0.1:13000/api/announcements": dial tcp: connection refused'],
};

describe('vegeta driver', () => {
  it('writes a request as a JSON target: header values as lists, the body base64', () => {
    expect(
      toTarget({
        name: 'check',
        method: 'POST',
        url: 'http://x/api/infiniteqbank/check',
        headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
        body: '{"id":"a~1","answer":["½"]}',
      }),
    ).toEqual({
      method: 'POST',
      url: 'http://x/api/infiniteqbank/check',
      header: { Authorization: ['Bearer t'], 'Content-Type': ['application/json'] },
      body: Buffer.from('{"id":"a~1","answer":["½"]}').toString('base64'),
    });
    expect(
      toTarget({ name: 'g', method: 'GET', url: 'http://x', headers: {}, body: null }),
    ).toEqual({
      method: 'GET',
      url: 'http://x',
      header: {},
    });
  });

  it('reads Go durations', () => {
    expect(durationSeconds('30s')).toBe(30);
    expect(durationSeconds('1m30s')).toBe(90);
    expect(durationSeconds('500ms')).toBe(0.5);
    expect(() => durationSeconds('30 seconds')).toThrow(/not a duration/);
  });

  it('turns the JSON report into ms percentiles, throughput and errors (non-2xx/3xx and transport)', () => {
    const f = figuresFrom(report, { name: 'gateway-rate', rate: 200, duration: '1s' });
    expect(f).toMatchObject({
      name: 'gateway-rate',
      model: 'open',
      requests: 100,
      throughput: 96.5,
      p50: 2.85,
      p95: 3.48,
      p99: 3.53,
      max: 3.66,
      httpErrors: 4,
      errors: 4,
      errorRate: 0.04,
      dropped: 100,
      errorSet: report.errors,
    });
    expect(formatFigures(f)).toContain('p95 3.48 ms');
    expect(formatFigures(f)).toContain('errors 4 (4.00%) [no answer: 1, 429: 3]');
  });

  it('describes a closed-model run by its concurrent users', () => {
    const f = figuresFrom(
      { ...report, status_codes: { '200': 100 }, errors: [] },
      { name: 'generate-batch', rate: 0, workers: 50, duration: '30s' },
    );
    expect(f).toMatchObject({ model: 'closed', workers: 50, dropped: 0, errors: 0 });
    expect(formatFigures(f)).toMatch(/^generate-batch\s+50 concurrent\s+97 req\/s {2}p50 2.85 ms/);
  });

  it('splits a group run evenly: vegeta rate <total>/<groups>s, shares of totals at least 1', () => {
    expect(groupShare(500, 2).rate).toBe('500/2s');
    expect(groupShare(500, 1).rate).toBe('500/1s');
    expect(groupShare(200, 3).of(400)).toBe(134);
    expect(groupShare(10, 4).of(1)).toBe(1);
    expect(() => groupShare(0, 2)).toThrow(/open-model run/);
    expect(() => groupShare(10, 0)).toThrow(/at least one group/);
  });

  it("adds the groups' failed checks to the merged figures and counts them as errors", () => {
    const run = { rate: 200, duration: '1s' };
    const ok = { ...report, status_codes: { '200': 100 }, errors: [] };
    const total = figuresFrom({ ...ok, requests: 200 }, { ...run, name: 'access' });
    const open = {
      ...figuresFrom(ok, { ...run, name: 'access-open' }),
      checked: 100,
      checkedFailing: 2,
      failedChecks: 2,
      checkFailures: { 'access: expected answer': 2 },
    };
    const closed = {
      ...figuresFrom(ok, { ...run, name: 'access-closed' }),
      checked: 100,
      checkedFailing: 1,
      failedChecks: 1,
      checkFailures: { 'access: expected answer': 1, 'access: status': 1 },
    };
    expect(addChecks(total, [open, closed])).toMatchObject({
      requests: 200,
      checked: 200,
      checkedFailing: 3,
      failedChecks: 3,
      checkFailures: { 'access: expected answer': 3, 'access: status': 1 },
      errors: 3,
      errorRate: 0.015,
    });
  });
});
